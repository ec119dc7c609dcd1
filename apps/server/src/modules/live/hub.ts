// The live hub (docs/live-feed.md (Server rules)): keeps every probe's latest published state (live-probes.ts)
// and the open alarms (live-alarms.ts), gives each socket a snapshot on connect (probe-snapshot.ts), and sends
// it what changed since the last flush, at most every flushIntervalMs. One serialisation per flush is shared by
// every socket that keeps up; a socket whose buffer is above maxBufferedBytes gets nothing more until it drains,
// while its changed probes coalesce in a set (at most one entry per probe), so a client that never reads costs
// bounded memory. A socket that asked for the compact format gets probe data from compact-feed.ts instead
// (docs/live-feed-compact.md); once it drains, a compact socket that fell behind is sent the shared delta
// messages it missed, kept for a few seconds (no work per socket), while they fit in the buffer bound, and full
// records when it missed more (recent-deltas.ts). Every other message is the same JSON for all. When it works
// comes from its scheduler (hub-scheduler.ts; tests inject a fake clock). The hub knows no database and no engine.
import type { Alarm, SystemInfo } from '@bpm/protocol';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { TurnBudget } from '../../event-loop-turns.js';
import { eventLoopScheduler, type HubScheduler } from './hub-scheduler.js';
import { LiveAlarms, type AlarmSnapshotParts } from './live-alarms.js';
import { LiveClients, openState, type LiveClient, type LiveFormat, type LiveSocket } from './live-clients.js';
import { probeDeletionMessage, systemConfigMessage } from './live-messages.js';
import { LiveProbes } from './live-probes.js';
import { connectBudgetMs, sliceBudgetMs, sliceOf } from './live-slices.js';
import { sendProbeSnapshot, type SnapshotSource } from './probe-snapshot.js';
import { catchUpCompact, RecentDeltas } from './recent-deltas.js';
import { probeDataMessage } from './snapshot-frames.js';

export interface HubOptions {
  flushIntervalMs: number;
  /** Above this many buffered bytes a socket only accumulates changes. */
  maxBufferedBytes: number;
  /** A slice also ends once its serialisation has run this long (default sliceBudgetMs). */
  sliceBudgetMs?: number;
  /** How long a connecting compact socket's snapshot may encode in its own turn (default connectBudgetMs). */
  connectBudgetMs?: number;
}

export interface FlushStats {
  probes: number;
  bytes: number;
  durationMs: number;
}

export class LiveHub implements SnapshotSource {
  readonly probes = new LiveProbes();
  private readonly alarms = new LiveAlarms();
  private readonly clients = new LiveClients();
  private readonly recentDeltas: RecentDeltas;
  private systemInfo: SystemInfo | null = null;
  private stopTimer: (() => void) | undefined;
  /** Set while the rest of a sliced flush waits for a later turn of the event loop: cancels it. */
  private nextSlice: (() => void) | undefined;
  readonly sliceBudgetMs: number;
  readonly connectBudgetMs: number;
  readonly counters = { flushes: 0, messagesSent: 0, bytesSent: 0, probesFlushed: 0, backedUpSkips: 0 };
  onFlush: ((stats: FlushStats) => void) | undefined;
  /** Told of alarms as they are published (MQTT's bpm/v1/alarms, docs/mqtt.md). */
  onAlarms: ((alarms: readonly Alarm[]) => void) | undefined;

  constructor(
    readonly options: HubOptions = { flushIntervalMs: 100, maxBufferedBytes: 1024 * 1024 },
    readonly scheduler: HubScheduler = eventLoopScheduler,
  ) {
    this.sliceBudgetMs = options.sliceBudgetMs ?? sliceBudgetMs;
    this.connectBudgetMs = options.connectBudgetMs ?? connectBudgetMs;
    this.recentDeltas = new RecentDeltas(options.maxBufferedBytes);
  }

  start(): void {
    this.stopTimer ??= this.scheduler.every(this.options.flushIntervalMs, () => this.flushInLaterTurn());
  }

  /**
   * The timer's flush waits its turn behind the other whole-plant slices (event-loop-turns.ts) rather than
   * running in the timers phase: there it ran in the same loop iteration as the slice or batch-writer chunk
   * waiting in the check phase, and the two added up to one block (measured at 100,000 probes;
   * docs/security.md "Probe data bounds"). A slice already waiting sends everything changed so far.
   */
  private flushInLaterTurn(): void {
    this.nextSlice ??= this.scheduler.later(() => this.flush());
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = undefined;
    this.nextSlice?.();
    this.nextSlice = undefined;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  get backedUpCount(): number {
    return this.clients.backedUpCount;
  }

  get probeCount(): number {
    return this.probes.ids().size;
  }

  // ---- what the probe and alarm services publish ----

  publishProbe(update: PublishedProbe): void {
    this.probes.publish(update);
  }

  /** Deletions go out at once (they are rare) and drop the probes from every pending update. */
  publishDeletion(probeIDs: readonly string[]): void {
    for (const id of probeIDs) {
      this.probes.forget(id);
      for (const client of this.clients.values()) client.pending?.delete(id);
    }
    // A delta sent before the deletion must not reach a client after it (it could name the probe again):
    // a socket still owed deltas gets full records of its pending probes instead.
    this.recentDeltas.clear();
    const message = probeDeletionMessage(probeIDs);
    for (const client of this.clients.values()) this.send(client, message);
  }

  publishSystemConfig(systemInfo: SystemInfo): void {
    this.systemInfo = systemInfo;
    const message = systemConfigMessage(this.systemInfo);
    for (const client of this.clients.values()) this.send(client, message);
  }

  /** Kept in the open list at once (a socket connecting now gets them), sent to every socket with the next flush. */
  publishAlarms(alarms: readonly Alarm[]): void {
    this.alarms.publish(alarms);
    this.onAlarms?.(alarms);
  }

  /**
   * The whole open list from its source of truth (the engine's start, a cluster's engine state): it replaces the
   * hub's, and every socket gets it at once as a new alarms snapshot (docs/live-feed.md (Alarms)).
   */
  restoreAlarms(alarms: readonly Alarm[]): void {
    this.alarms.restore(alarms);
    const messages = this.alarms.snapshotMessages();
    for (const client of this.clients.values()) for (const message of messages) this.send(client, message);
  }

  /** The open alarms as this hub knows them (a cluster's engine state). */
  openAlarms(): Alarm[] {
    return this.alarms.openAlarms();
  }

  // ---- sockets ----

  /** Sends systemConfig, the open alarms and the probe snapshot, then includes the socket in every flush. */
  addClient(socket: LiveSocket, format: LiveFormat = 'spec'): void {
    const client: LiveClient = {
      socket,
      format,
      pending: null,
      nextDelta: this.recentDeltas.next,
      isAlive: true,
      snapshotting: false,
    };
    this.clients.add(client);
    if (this.systemInfo) this.send(client, systemConfigMessage(this.systemInfo));
    // The open alarms' part 0 goes first, as it is; the later parts of a backlog follow one a turn, beside the probe
    // snapshot, compressed as the probes' are (docs/decisions/live-format.md#alarm-backlog-compressed,
    // docs/decisions/security.md#alarm-snapshot-in-slices).
    const alarmParts = this.alarms.snapshotParts();
    this.send(client, alarmParts.next()!);
    sendProbeSnapshot(this, client);
    this.sendLaterAlarmParts(client, alarmParts);
  }

  private sendLaterAlarmParts(client: LiveClient, parts: AlarmSnapshotParts): void {
    if (!parts.hasMore()) return;
    this.scheduler.later(() => {
      if (!this.isConnected(client)) return;
      const part = parts.next();
      if (part !== null) this.send(client, part, true);
      this.sendLaterAlarmParts(client, parts);
    });
  }

  isConnected(client: LiveClient): boolean {
    return this.clients.get(client.socket) === client;
  }

  snapshotDone(): void {
    this.continueIfPending();
  }

  removeClient(socket: LiveSocket): void {
    this.clients.remove(socket);
  }

  markAlive(socket: LiveSocket): void {
    this.clients.markAlive(socket);
  }

  /** Every pingIntervalMs: drops sockets that did not answer the last ping, pings the rest. */
  heartbeat(): void {
    this.clients.heartbeat();
  }

  /** What a socket is owed: backed-up state and pending probe count (bounded by the probe count). */
  clientState(socket: LiveSocket): { isBackedUp: boolean; pendingProbes: number } | undefined {
    return this.clients.stateOf(socket);
  }

  // ---- the flush ----

  /**
   * Sends what changed since the last flush. Above maxProbesPerSlice changed probes (or alarms, or one
   * backed-up socket's pending probes), the first slice goes now and the rest stay pending, flushed again
   * in the next turn of the event loop: every probe still goes out with its latest state, and a probe
   * changed meanwhile simply goes out once, with its newer state.
   */
  private flush(): void {
    // Called by the timer while a slice waits: this flush takes its place.
    this.nextSlice?.();
    this.nextSlice = undefined;
    // One budget for the whole flush (alarms, the changed probes' JSON and compact encoding, catch-ups): each
    // part ending on its own budget, or none, let one flush run 25–60 ms at 100,000 probes (docs/security.md
    // "Probe data bounds"). A part that finds it spent still takes a step, so every part moves on.
    const budget = new TurnBudget(this.sliceBudgetMs);
    const alarms = this.alarms.takeChanged(budget);
    if (alarms) for (const client of this.clients.values()) this.send(client, alarms);
    const changedIDs = this.probes.changed;
    const hasBackedUp = this.clients.some((c) => c.pending !== null);
    if (changedIDs.size === 0 && !hasBackedUp) return this.continueIfPending();
    const started = performance.now();
    // Spec sockets that keep up share one message: its probes are serialised as the slice is chosen, so that
    // the slice ends on the time budget too. (Compact sockets read the probes themselves, not their JSON.)
    const specKeepsUp = this.clients.some((c) => c.format === 'spec' && c.pending === null && c.socket.readyState === openState);
    // The compact delta is computed once per flush, shared by every compact socket that keeps up. It moves the
    // compact base on even with no compact socket, so that the first one's snapshot is only assembled, not
    // encoded (docs/decisions/dashboard.md#compact-base-at-every-flush); the message itself only when a compact socket is there.
    // Each probe is built once for both encodings, in the slice's loop, so that the budget counts both.
    const hasCompact = this.clients.some((c) => c.format === 'compact');
    const records: string[] = [];
    const texts: string[] = [];
    const compact = this.probes.compact;
    const changed = sliceOf(changedIDs, budget, (id) => {
      const probe = this.probes.latest(id);
      if (!probe) return;
      if (specKeepsUp) texts.push(JSON.stringify(probe));
      const record = compact.advance(id, probe, hasCompact);
      if (record !== null) records.push(record);
    });
    const sharedCompact = compact.deltaMessage(records);
    if (sharedCompact) this.recentDeltas.keep(sharedCompact);
    let shared: Buffer | undefined;
    let bytes = 0;
    for (const client of this.clients.values()) {
      if (client.socket.readyState !== openState) continue;
      const isFull = client.snapshotting || client.socket.bufferedAmount > this.options.maxBufferedBytes;
      if (client.pending === null && !isFull) {
        client.nextDelta = this.recentDeltas.next;
        if (changed.size === 0) continue;
        const message = client.format === 'spec' ? (shared ??= probeDataMessage(texts)) : sharedCompact;
        if (!message) continue;
        this.send(client, message);
        bytes += message.length;
        continue;
      }
      // Backed up: coalesce, and send this socket its own message once its buffer has drained.
      client.pending ??= new Set();
      for (const id of changed) client.pending.add(id);
      if (isFull) {
        if (!client.snapshotting) this.counters.backedUpSkips += 1;
        continue;
      }
      const send = (message: Buffer) => this.send(client, message);
      bytes +=
        client.format === 'compact'
          ? catchUpCompact(client, this.recentDeltas, compact, send)
          : this.catchUpSpec(client, budget, send);
    }
    const probes = changed.size;
    this.probes.flushed(changed);
    this.counters.flushes += 1;
    this.counters.probesFlushed += probes;
    this.onFlush?.({ probes, bytes, durationMs: performance.now() - started });
    this.continueIfPending();
  }

  /** A spec socket that fell behind and has drained: the latest state of its pending probes, a slice at a time. */
  private catchUpSpec(client: LiveClient, budget: TurnBudget, send: (message: Buffer) => void): number {
    const pending = client.pending!;
    if (pending.size === 0) {
      client.pending = null;
      return 0;
    }
    const owed: string[] = [];
    const caughtUp = sliceOf(pending, budget, (id) => {
      const text = this.probes.json(id);
      if (text !== undefined) owed.push(text);
    });
    const own = probeDataMessage(owed);
    if (caughtUp === pending) client.pending = null;
    else for (const id of caughtUp) pending.delete(id);
    // Not compressed: on a starved machine compressing ~2 MB catch-ups kept a slow page behind for
    // seconds at a time (5 messages in 30 s instead of 84; docs/decisions/live-format.md).
    send(own);
    return own.length;
  }

  /** The rest of a sliced flush, or a catch-up a socket is owed, goes in a later turn. */
  private continueIfPending(): void {
    if (this.nextSlice) return;
    const owesCatchUp = this.clients.some(
      (c) =>
        (c.pending?.size ?? 0) > 0 &&
        !c.snapshotting &&
        c.socket.readyState === openState &&
        c.socket.bufferedAmount <= this.options.maxBufferedBytes,
    );
    if (this.probes.changed.size > 0 || this.alarms.changedCount > 0 || owesCatchUp)
      this.nextSlice = this.scheduler.later(() => this.flush());
  }

  send(client: LiveClient, message: Buffer, compress = false): void {
    if (client.socket.readyState !== openState) return;
    // Text frames from one Buffer: no per-socket string encoding, and no per-socket compression.
    client.socket.send(message, { binary: false, compress });
    this.counters.messagesSent += 1;
    this.counters.bytesSent += message.length;
  }
}
