// The live hub (docs/live-feed.md (Server rules)): keeps every probe's latest published state, and sends each socket the
// probes changed since the last flush, at most every flushIntervalMs. One serialisation per flush is
// shared by every socket that keeps up; a socket whose buffer is above maxBufferedBytes gets nothing
// more until it drains, while its changed probes coalesce in a set (at most one entry per probe), so a
// client that never reads costs bounded memory. A socket that asked for the compact format gets probe
// data from compact-feed.ts instead (docs/live-feed-compact.md); once it drains, a compact socket that fell
// behind is sent the shared delta messages it missed, kept for a few seconds (no work per socket), while
// they fit in the buffer bound, and full records when it missed more. Every other message is the same JSON for all. The hub knows
// no database and no engine.
import type { Alarm, Probe, ProbeEvent, SystemInfo } from '@bpm/protocol';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { probeDataFrames, probeDataMessage } from './snapshot-frames.js';
import { CompactFeed } from './compact-feed.js';
import { inLaterTurn, TurnBudget, turnBudgetMs } from '../../event-loop-turns.js';

/** The part of a `ws` WebSocket the hub uses (so tests can count what is sent). */
export interface LiveSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer, options: { binary: boolean; compress: boolean }): void;
  ping(): void;
  terminate(): void;
}

/** The spec's probeData messages, or the compact format (docs/live-feed-compact.md). */
export type LiveFormat = 'spec' | 'compact';

interface Client {
  socket: LiveSocket;
  format: LiveFormat;
  /** Set while the socket is backed up: probes changed since its last message. */
  pending: Set<string> | null;
  /** Compact: the sequence number of the first shared delta this socket has not been sent. */
  nextDelta: number;
  isAlive: boolean;
  /** Set while a spec socket's snapshot goes out in slices: flushes only coalesce its changes in `pending`. */
  snapshotting: boolean;
}

/** A compact delta message as shared by every socket that kept up, kept for sockets that fell behind. */
interface RecentDelta {
  seq: number;
  message: Buffer;
}

export interface HubOptions {
  flushIntervalMs: number;
  /** Above this many buffered bytes a socket only accumulates changes. */
  maxBufferedBytes: number;
  /** A slice also ends once its serialisation has run this long (default sliceBudgetMs). */
  sliceBudgetMs?: number;
}

/**
 * How many recent compact deltas the hub keeps for sockets that fall behind: 3 s of flushes, and no more
 * bytes than maxBufferedBytes. A socket that drains within that window is sent the same shared messages it
 * missed when they add up to at most maxBufferedBytes; otherwise it gets full records of what changed
 * (docs/decisions/live-format.md#compression).
 */
export const recentDeltaLimits = { messages: 30 };

export interface FlushStats {
  probes: number;
  bytes: number;
  durationMs: number;
}

const openState = 1;
/**
 * At most this many probes (or alarms) are serialised into one message; more changed ones go out in further
 * slices, each in its own turn of the event loop, so that a whole-plant change (a threshold edit at 100,000
 * probes) never holds the loop for long (docs/security.md "Probe data bounds").
 */
export const maxProbesPerSlice = 1000;
/**
 * A slice of probes also ends once serialising it has run this long (TurnBudget), like the re-evaluation's
 * chunks: 1,000 probes take ~10 ms, but 115–370 ms on a loaded machine (measured: the serialisation, not the
 * socket write; docs/security.md "Probe data bounds").
 */
export const sliceBudgetMs = turnBudgetMs;

/** The first `count` items of a set (insertion order), or the set itself when it is not larger. */
function firstOf(items: Set<string>, count: number): Set<string> {
  if (items.size <= count) return items;
  const slice = new Set<string>();
  for (const item of items) {
    if (slice.size === count) break;
    slice.add(item);
  }
  return slice;
}

/**
 * The first items of a set (insertion order), each passed to `prepare`, up to maxProbesPerSlice or until
 * the budget is spent; the set itself when that is all of it.
 */
function sliceOf(items: Set<string>, budget: TurnBudget, prepare: (item: string) => void): Set<string> {
  const slice = new Set<string>();
  for (const item of items) {
    if (slice.size === maxProbesPerSlice) break;
    prepare(item);
    slice.add(item);
    if (budget.spent()) break;
  }
  return slice.size === items.size ? items : slice;
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
  private readonly clients = new Map<LiveSocket, Client>();
  private readonly compact = new CompactFeed();
  /** The latest compact deltas, oldest first, within recentDeltaLimits. */
  private readonly recentDeltas: RecentDelta[] = [];
  private recentDeltaBytes = 0;
  /** The sequence number the next compact delta will carry. */
  private deltaSeq = 0;
  private systemInfo: SystemInfo | null = null;
  /** Alarms created or changed since the last flush, latest per id (docs/alarms.md). */
  private readonly alarms = new Map<number, Alarm>();
  private timer: NodeJS.Timeout | undefined;
  /** Set while the rest of a sliced flush waits for a later turn of the event loop: cancels it. */
  private nextSlice: (() => void) | undefined;
  private readonly sliceBudgetMs: number;
  readonly counters = { flushes: 0, messagesSent: 0, bytesSent: 0, probesFlushed: 0, backedUpSkips: 0 };
  onFlush: ((stats: FlushStats) => void) | undefined;

  constructor(readonly options: HubOptions = { flushIntervalMs: 100, maxBufferedBytes: 1024 * 1024 }) {
    this.sliceBudgetMs = options.sliceBudgetMs ?? sliceBudgetMs;
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
    let count = 0;
    for (const client of this.clients.values()) if (client.pending !== null) count += 1;
    return count;
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
    // Coalescing keeps the transient events raised since the last flush: an update that is replaced
    // before it is sent must not take its "reporting again" or "back in range" with it. They go first,
    // so that the latest state's persistent events come after them (clients apply events in order).
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
    this.recentDeltas.length = 0;
    this.recentDeltaBytes = 0;
    const message = Buffer.from(
      JSON.stringify({ messageType: 'probeDeletion', probes: probeIDs.map((probeID) => ({ probeID })) }),
    );
    for (const client of this.clients.values()) this.send(client, message);
  }

  publishSystemConfig(systemInfo: SystemInfo): void {
    this.systemInfo = systemInfo;
    const message = this.systemConfigMessage();
    for (const client of this.clients.values()) this.send(client, message);
  }

  /** Sent to every socket with the next flush, as one `alarms` message. */
  publishAlarms(alarms: readonly Alarm[]): void {
    for (const alarm of alarms) this.alarms.set(alarm.id, alarm);
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
    const message = Buffer.from(`{"messageType":"alarms","alarms":[${alarms.join(',')}]}`);
    for (const client of this.clients.values()) this.send(client, message);
  }

  // ---- sockets ----

  /** Sends systemConfig and the full snapshot, then includes the socket in every flush. */
  addClient(socket: LiveSocket, format: LiveFormat = 'spec'): void {
    const client: Client = { socket, format, pending: null, nextDelta: this.deltaSeq, isAlive: true, snapshotting: false };
    this.clients.set(socket, client);
    if (this.systemInfo) this.send(client, this.systemConfigMessage());
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
    if (!this.timer && ![...this.clients.values()].some((c) => c.format === 'compact' && c !== client)) {
      this.compact.delta(this.changed, this.latestProbe, false);
    }
    // Compressed when the socket negotiated permessage-deflate: the snapshot only, never a flush. Part 0 (the handle
    // table and the first rows, ~0.2 MB at 10,000 probes) goes as it is: its deflate came back from zlib's pool one
    // event-loop turn later, 40–330 ms behind the connect at full ingest (docs/decisions/dashboard.md#part-0-uncompressed).
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
  private sendSnapshotSlice(client: Client, start: number, end: number): void {
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
    this.clients.delete(socket);
  }

  markAlive(socket: LiveSocket): void {
    const client = this.clients.get(socket);
    if (client) client.isAlive = true;
  }

  /** Every pingIntervalMs: drops sockets that did not answer the last ping, pings the rest. */
  heartbeat(): void {
    for (const client of this.clients.values()) {
      if (!client.isAlive) {
        this.clients.delete(client.socket);
        client.socket.terminate();
        continue;
      }
      client.isAlive = false;
      client.socket.ping();
    }
  }

  /** What a socket is owed: backed-up state and pending probe count (bounded by the probe count). */
  clientState(socket: LiveSocket): { isBackedUp: boolean; pendingProbes: number } | undefined {
    const client = this.clients.get(socket);
    return client && { isBackedUp: client.pending !== null, pendingProbes: client.pending?.size ?? 0 };
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
    const hasBackedUp = [...this.clients.values()].some((c) => c.pending !== null);
    if (this.changed.size === 0 && !hasBackedUp) return this.continueIfPending();
    const started = performance.now();
    // Spec sockets that keep up share one message: its probes are serialised as the slice is chosen, so that
    // the slice ends on the time budget too. (Compact sockets read the probes themselves, not their JSON.)
    const specKeepsUp = [...this.clients.values()].some(
      (c) => c.format === 'spec' && c.pending === null && c.socket.readyState === openState,
    );
    // The compact delta is computed once per flush, shared by every compact socket that keeps up. It moves the
    // compact base on even with no compact socket, so that the first one's snapshot is only assembled, not
    // encoded (docs/decisions/dashboard.md#compact-base-at-every-flush); the message itself only when a compact socket is there.
    // Each probe is built once for both encodings, in the slice's loop, so that the budget counts both.
    const hasCompact = [...this.clients.values()].some((c) => c.format === 'compact');
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
    if (sharedCompact) this.keepDelta(sharedCompact);
    let shared: Buffer | undefined;
    let bytes = 0;
    for (const client of this.clients.values()) {
      if (client.socket.readyState !== openState) continue;
      const isFull = client.snapshotting || client.socket.bufferedAmount > this.options.maxBufferedBytes;
      if (client.pending === null && !isFull) {
        client.nextDelta = this.deltaSeq;
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
        bytes += this.catchUpCompact(client);
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
      // seconds at a time (5 messages in 30 s instead of 84; docs/decisions/live-format.md#compression).
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
    const owesCatchUp = [...this.clients.values()].some(
      (c) =>
        (c.pending?.size ?? 0) > 0 &&
        !c.snapshotting &&
        c.socket.readyState === openState &&
        c.socket.bufferedAmount <= this.options.maxBufferedBytes,
    );
    if (this.changed.size > 0 || this.alarms.size > 0 || owesCatchUp) this.nextSlice = inLaterTurn(() => this.flush());
  }

  private keepDelta(message: Buffer): void {
    this.recentDeltas.push({ seq: this.deltaSeq, message });
    this.recentDeltaBytes += message.length;
    this.deltaSeq += 1;
    while (
      this.recentDeltas.length > recentDeltaLimits.messages ||
      (this.recentDeltas.length > 1 && this.recentDeltaBytes > this.options.maxBufferedBytes)
    ) {
      this.recentDeltaBytes -= this.recentDeltas.shift()!.message.length;
    }
  }

  /**
   * A compact socket that fell behind and has drained: the shared deltas it missed when the hub still has
   * them all and they fit in the buffer bound (the same Buffers every other socket got: no work for this
   * one), else full records of the probes changed since its last message. A client slower than the stream
   * would never catch up by replaying every delta; coalesced records are bounded by the probe count.
   * Answers the bytes sent.
   */
  private catchUpCompact(client: Client): number {
    const missed = this.deltaSeq - client.nextDelta;
    const oldest = this.recentDeltas[0]?.seq ?? this.deltaSeq;
    const replay = missed > 0 && client.nextDelta >= oldest ? this.recentDeltas.slice(client.nextDelta - oldest) : [];
    const replayBytes = replay.reduce((sum, { message }) => sum + message.length, 0);
    let bytes = 0;
    if (replay.length > 0 && replayBytes <= this.options.maxBufferedBytes) {
      for (const { message } of replay) {
        this.send(client, message);
        bytes += message.length;
      }
    } else if (missed > 0 && client.pending!.size > 0) {
      // In slices of maxProbesPerSlice, like every flush; the rest waits for the next turn, and this
      // socket stays behind (owed the deltas from nextDelta) until all of it has gone.
      const caughtUp = firstOf(client.pending!, maxProbesPerSlice);
      // Not compressed: on a starved machine compressing ~2 MB catch-ups kept a slow page behind for
      // seconds at a time (5 messages in 30 s instead of 84; docs/decisions/live-format.md#compression).
      const own = this.compact.full(caughtUp);
      this.send(client, own);
      bytes += own.length;
      if (caughtUp !== client.pending) {
        for (const id of caughtUp) client.pending!.delete(id);
        return bytes;
      }
    }
    client.pending = null;
    client.nextDelta = this.deltaSeq;
    return bytes;
  }

  private send(client: Client, message: Buffer, compress = false): void {
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

  private systemConfigMessage(): Buffer {
    return Buffer.from(JSON.stringify({ messageType: 'systemConfig', systemInfo: this.systemInfo }));
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

function withEarlierTransients(update: PublishedProbe, earlier: Probe): PublishedProbe {
  const transient = (e: ProbeEvent) => !e.eventPersistent;
  const earlierEvents = earlier.events.filter(transient);
  const earlierSuppressed = earlier.suppressedEvents.filter(transient);
  const probe = update.probe;
  const merged: Probe = {
    ...probe,
    events: [...earlierEvents, ...probe.events],
    suppressedEvents: [...earlierSuppressed, ...probe.suppressedEvents],
  };
  return { probeID: update.probeID, probe: merged, hasTransient: true };
}
