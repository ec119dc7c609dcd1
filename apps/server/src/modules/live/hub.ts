// The live hub (docs/live-feed.md (Server rules)): keeps every probe's latest published state, and sends each socket the
// probes changed since the last flush, at most every flushIntervalMs. One serialisation per flush is
// shared by every socket that keeps up; a socket whose buffer is above maxBufferedBytes gets nothing
// more until it drains, while its changed probes coalesce in a set (at most one entry per probe), so a
// client that never reads costs bounded memory. A socket that asked for the compact format gets probe
// data from compact-feed.ts instead (docs/live-feed-compact.md); once it drains, a compact socket that fell
// behind is sent the shared delta messages it missed, kept for a few seconds (no work per socket), while
// they fit in the buffer bound, and full records when it missed more. Every other message is the same JSON for all. The hub knows
// no database and no engine.
import type { Alarm, Probe, SystemInfo } from '@bpm/protocol';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { inLaterTurn, TurnBudget } from '../../event-loop-turns.js';
import { CompactFeed } from './compact-feed.js';
import { LiveClients, openState, type LiveClient, type LiveFormat, type LiveSocket } from './live-clients.js';
import { alarmsMessage, probeDeletionMessage, systemConfigMessage, withEarlierTransients } from './live-messages.js';
import { maxProbesPerSlice, sliceBudgetMs, sliceOf } from './live-slices.js';
import { catchUpCompact, RecentDeltas } from './recent-deltas.js';
import { probeDataFrames, probeDataMessage } from './snapshot-frames.js';

export interface HubOptions {
  flushIntervalMs: number;
  /** Above this many buffered bytes a socket only accumulates changes. */
  maxBufferedBytes: number;
  /** A slice also ends once its serialisation has run this long (default sliceBudgetMs). */
  sliceBudgetMs?: number;
}

export interface FlushStats {
  probes: number;
  bytes: number;
  durationMs: number;
}

export class LiveHub {
  /**
   * A probe's latest state is its published update until a flush sends it, then the compact base. Updates are
   * dropped once flushed, so they die young; kept until the next report (~1 s) they were promoted to V8's old
   * generation and grew the heap under load (measured). No probe's JSON is kept: a flush serialises each
   * changed probe once for the message every spec socket shares and drops it; a catch-up or a snapshot
   * serialises again. Caching each sent probe's JSON as a Buffer made ~120 MB of external memory within a
   * second or two for a whole-plant change at 100,000 probes, and V8 started a major GC for it
   * (docs/decisions/security.md#hub-keeps-no-probe-json).
   */
  private readonly unsent = new Map<string, PublishedProbe>();
  private readonly changed = new Set<string>();
  private readonly clients = new LiveClients();
  private readonly compact = new CompactFeed();
  private readonly recentDeltas: RecentDeltas;
  private systemInfo: SystemInfo | null = null;
  /** Alarms created or changed since the last flush, latest per id (docs/alarms.md). */
  private readonly alarms = new Map<number, Alarm>();
  private timer: NodeJS.Timeout | undefined;
  /** Set while the rest of a sliced flush waits for a later turn of the event loop: cancels it. */
  private nextSlice: (() => void) | undefined;
  private readonly sliceBudgetMs: number;
  readonly counters = { flushes: 0, messagesSent: 0, bytesSent: 0, probesFlushed: 0, backedUpSkips: 0 };
  onFlush: ((stats: FlushStats) => void) | undefined;
  /** Told of alarms as they are published (MQTT's bpm/v1/alarms, docs/mqtt.md). */
  onAlarms: ((alarms: readonly Alarm[]) => void) | undefined;

  constructor(readonly options: HubOptions = { flushIntervalMs: 100, maxBufferedBytes: 1024 * 1024 }) {
    this.sliceBudgetMs = options.sliceBudgetMs ?? sliceBudgetMs;
    this.recentDeltas = new RecentDeltas(options.maxBufferedBytes);
  }

  start(): void {
    this.timer ??= setInterval(() => this.flushInLaterTurn(), this.options.flushIntervalMs);
  }

  /**
   * The timer's flush waits its turn behind the other whole-plant slices (event-loop-turns.ts) rather than
   * running in the timers phase: there it ran in the same loop iteration as the slice or batch-writer chunk
   * waiting in the check phase, and the two added up to one block (measured at 100,000 probes;
   * docs/security.md "Probe data bounds"). A slice already waiting sends everything changed so far.
   */
  private flushInLaterTurn(): void {
    this.nextSlice ??= inLaterTurn(() => this.flush());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
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
    return this.probeIDs().size;
  }

  /** Every probe the hub knows: its latest state is its update or its compact base. */
  private probeIDs(): Set<string> {
    return new Set([...this.unsent.keys(), ...this.compact.probeIDs()]);
  }

  // ---- what the probe service publishes ----

  /** The Probe itself is only built (and serialised) when a flush sends it. */
  publishProbe(update: PublishedProbe): void {
    const id = update.probeID;
    const pending = this.changed.has(id) ? this.unsent.get(id) : undefined;
    if (pending?.hasTransient) update = withEarlierTransients(update, pending.probe);
    this.unsent.set(id, update);
    this.changed.add(id);
  }

  /** The latest state of a probe: its pending update, or the compact base. */
  private latestProbe = (id: string): Probe | undefined => this.unsent.get(id)?.probe ?? this.compact.probe(id);

  /** Deletions go out at once (they are rare) and drop the probes from every pending update. */
  publishDeletion(probeIDs: readonly string[]): void {
    for (const id of probeIDs) {
      this.unsent.delete(id);
      this.changed.delete(id);
      this.compact.forget(id);
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

  /** Sent to every socket with the next flush, as one `alarms` message. */
  publishAlarms(alarms: readonly Alarm[]): void {
    for (const alarm of alarms) this.alarms.set(alarm.id, alarm);
    this.onAlarms?.(alarms);
  }

  /**
   * At most maxProbesPerSlice alarms, fewer when the flush's budget is spent: each is serialised in the loop so
   * that the budget counts it (the same bytes as one JSON.stringify of the message).
   */
  private flushAlarms(budget: TurnBudget): void {
    if (this.alarms.size === 0) return;
    const alarms: string[] = [];
    for (const [id, alarm] of this.alarms) {
      alarms.push(JSON.stringify(alarm));
      this.alarms.delete(id);
      if (alarms.length === maxProbesPerSlice || budget.spent()) break;
    }
    const message = alarmsMessage(alarms);
    for (const client of this.clients.values()) this.send(client, message);
  }

  // ---- sockets ----

  /** Sends systemConfig and the full snapshot, then includes the socket in every flush. */
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
    if (format === 'spec') {
      // (The base's size and the changed ones bound the probe count: counting exactly was a set of every ID.)
      if (!this.timer || this.compact.size + this.changed.size <= maxProbesPerSlice) {
        for (const frame of probeDataFrames(this.snapshotBytes(this.probeIDs()))) this.send(client, frame);
        return;
      }
      // A large plant (while the hub runs: tests call flush() themselves): the snapshot goes maxProbesPerSlice
      // probes per turn of the event loop (serialising 100,000 probes held the loop for 1.8 s), each probe as
      // it is when its turn comes. Changes meanwhile coalesce in `pending` and follow the snapshot.
      client.snapshotting = true;
      client.pending = new Set();
      this.sendSnapshotSlice(client, 0, this.compact.handleCount);
      return;
    }
    // The compact snapshot is the state as last flushed (the base moves on at every flush, compact sockets or
    // not): the next flush's shared delta follows on from it (the socket starts as one that fell behind, with
    // nothing missed yet; its pending probes come whole only if it misses more deltas than the hub keeps).
    // While the hub runs, what changed since that flush comes with the next one (≤ flushIntervalMs): encoding it
    // here held the connect, and so part 0, 40–360 ms at full ingest for 10,000 probes, work the next flush
    // redid anyway (docs/decisions/dashboard.md#snapshot-as-last-flushed). A stopped hub (tests) flushes only when
    // told, so its base first takes them in when no other compact socket has to stay in step with it.
    if (!this.timer && !this.clients.some((c) => c.format === 'compact' && c !== client)) {
      this.compact.delta(this.changed, this.latestProbe, false);
    }
    // Compressed when the socket negotiated permessage-deflate: the snapshot only, never a flush. Part 0 (the handle
    // table and the first rows, ~0.2 MB at 10,000 probes) goes as it is: its deflate came back from zlib's pool one
    // event-loop turn later, 40–330 ms behind the connect at full ingest (docs/decisions/dashboard.md#snapshot-as-last-flushed).
    this.compact.snapshot().forEach((part, n) => this.send(client, part, n > 0));
    client.pending = new Set();
  }

  /**
   * The snapshot walks the compact base by handle, from `start` up to `end` (the handles given out when the
   * socket connected), with no list of the IDs made first: building one at 100,000 probes held the loop for
   * ~20 ms as the socket connected (docs/decisions/security.md#spec-snapshot-by-handle). A probe
   * deleted meanwhile has no handle any more; one that is new, or changed and not yet sent to this socket
   * (pending here or in the hub's next flush), follows the snapshot from `pending`, so it arrives once. The
   * first slice skips none (the client takes the first message as the whole state, docs/live-feed.md), and a
   * later slice that skipped all of its probes sends nothing.
   */
  private sendSnapshotSlice(client: LiveClient, start: number, end: number): void {
    if (this.clients.get(client.socket) !== client) return;
    const budget = new TurnBudget(this.sliceBudgetMs);
    let handle = start;
    const parts: Buffer[] = [];
    while (handle < end && handle - start < maxProbesPerSlice) {
      const id = this.compact.idAt(handle);
      handle += 1;
      if (id !== null && (start === 0 || (!this.changed.has(id) && !client.pending!.has(id)))) {
        const bytes = this.snapshotBytesOf(id);
        if (bytes) parts.push(bytes);
      }
      if (budget.spent()) break;
    }
    if (start === 0 || parts.length > 0) for (const frame of probeDataFrames(parts)) this.send(client, frame);
    if (handle < end && this.timer) {
      inLaterTurn(() => this.sendSnapshotSlice(client, handle, end));
      return;
    }
    if (handle < end) this.sendSnapshotSlice(client, handle, end); // the hub stopped: the rest now
    client.snapshotting = false;
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
  flush(): void {
    // Called by the timer while a slice waits: this flush takes its place.
    this.nextSlice?.();
    this.nextSlice = undefined;
    // One budget for the whole flush (alarms, the changed probes' JSON and compact encoding, catch-ups): each
    // part ending on its own budget, or none, let one flush run 25–60 ms at 100,000 probes (docs/security.md
    // "Probe data bounds"). A part that finds it spent still takes a step, so every part moves on.
    const budget = new TurnBudget(this.budgetMs());
    this.flushAlarms(budget);
    const hasBackedUp = this.clients.some((c) => c.pending !== null);
    if (this.changed.size === 0 && !hasBackedUp) return this.continueIfPending();
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
    const changed = sliceOf(this.changed, budget, (id) => {
      const probe = this.latestProbe(id);
      if (!probe) return;
      if (specKeepsUp) texts.push(JSON.stringify(probe));
      const record = this.compact.advance(id, probe, hasCompact);
      if (record !== null) records.push(record);
    });
    const sharedCompact = this.compact.deltaMessage(records);
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
      if (client.format === 'compact') {
        bytes += catchUpCompact(client, this.recentDeltas, this.compact, (message) => this.send(client, message));
        continue;
      }
      if (client.pending.size === 0) {
        client.pending = null;
        continue;
      }
      const owed: string[] = [];
      const caughtUp = sliceOf(client.pending, budget, (id) => {
        const text = this.jsonOf(id);
        if (text !== undefined) owed.push(text);
      });
      const own = probeDataMessage(owed);
      if (caughtUp === client.pending) client.pending = null;
      else for (const id of caughtUp) client.pending.delete(id);
      // Not compressed: on a starved machine compressing ~2 MB catch-ups kept a slow page behind for
      // seconds at a time (5 messages in 30 s instead of 84; docs/decisions/live-format.md).
      this.send(client, own);
      bytes += own.length;
    }
    const probes = changed.size;
    // Flushed updates are no longer needed: the compact base holds the probes (a backed-up socket's catch-up
    // and a snapshot serialise them from it).
    for (const id of changed) if (this.compact.has(id)) this.unsent.delete(id);
    if (changed === this.changed) this.changed.clear();
    else for (const id of changed) this.changed.delete(id);
    this.counters.flushes += 1;
    this.counters.probesFlushed += probes;
    this.onFlush?.({ probes, bytes, durationMs: performance.now() - started });
    this.continueIfPending();
  }

  /** A slice ends on time only while the hub runs (it goes on in a later turn): tests call flush() themselves. */
  private budgetMs(): number {
    return this.timer ? this.sliceBudgetMs : Infinity;
  }

  /** The rest of a sliced flush goes in the next turn (only while the hub runs: tests call flush() themselves). */
  private continueIfPending(): void {
    if (!this.timer || this.nextSlice) return;
    const owesCatchUp = this.clients.some(
      (c) =>
        (c.pending?.size ?? 0) > 0 &&
        !c.snapshotting &&
        c.socket.readyState === openState &&
        c.socket.bufferedAmount <= this.options.maxBufferedBytes,
    );
    if (this.changed.size > 0 || this.alarms.size > 0 || owesCatchUp) this.nextSlice = inLaterTurn(() => this.flush());
  }

  private send(client: LiveClient, message: Buffer, compress = false): void {
    if (client.socket.readyState !== openState) return;
    // Text frames from one Buffer: no per-socket string encoding, and no per-socket compression.
    client.socket.send(message, { binary: false, compress });
    this.counters.messagesSent += 1;
    this.counters.bytesSent += message.length;
  }

  private *snapshotBytes(probeIDs: Iterable<string>): Generator<Buffer> {
    for (const id of probeIDs) {
      const bytes = this.snapshotBytesOf(id);
      if (bytes) yield bytes;
    }
  }

  /**
   * The probe's JSON for a snapshot, made for this message only: caching every probe's JSON as a socket
   * connected made ~120 MB of Buffers in a second at 100,000 probes, and V8 starts a major GC whenever external
   * memory grows ~64 MB (docs/decisions/security.md#hub-keeps-no-probe-json).
   */
  private snapshotBytesOf(id: string): Buffer | undefined {
    const text = this.jsonOf(id);
    return text === undefined ? undefined : Buffer.from(text);
  }

  /** The probe's latest state as spec-format JSON. */
  private jsonOf(id: string): string | undefined {
    const probe = this.latestProbe(id);
    return probe && JSON.stringify(probe);
  }
}
