// The live worker's posts to the page (docs/decisions/dashboard.md#worker-posts-every-16-ms). The worker posted every
// chunk of every socket frame as its own message, and the server's flushes arrive as one to several frames
// (a flush that spends its time budget goes on in later turns of its event loop), so the page received 6 to 60
// messages a second at the same ingest, each a task with its clone, its handler and a store frame to ask for.
// Updates now wait at most intervalMs after the first of them and cross together in one post, in their order:
// consecutive probeData chunks become one list, applied probe by probe by the store exactly as before. A probe
// that comes twice stays twice (each report is a history point, its transient events its own). A snapshot's
// chunks do not wait for the interval: each goes in its slice (sliced-delivery.ts), after whatever updates were
// waiting, as long as the page's store keeps up with them (docs/decisions/dashboard.md#snapshot-paced-by-the-store): at most
// snapshotChunksAhead chunks are posted and not yet taken (applied by the store, which answers each with a `taken` command); the
// next waits in the worker, and everything after it too, in order. While the page renders with its stores held (the sign-in, the
// first rows), its main thread no longer deserialises the snapshot's later chunks: ~100 ms of a 10,000-probe sign-in.
import type { FeedEvent, WorkerEvent } from './live-message';
import type { SessionMessage } from './live-session';
import { ProbePatchWriter } from './probe-patches';

/** About one animation frame: the page applies live messages once per frame anyway (probe-store.ts). */
const postIntervalMs = 16;
/**
 * Updates that reach this many probes go at once: a catch-up or whole-plant change decodes thousands within one
 * interval, and one post of them would be one long clone on the page (8 chunks: ~6 ms at 28 ms per 10,000).
 */
export const maxProbesPerPost = 2000;
/**
 * Snapshot chunks posted to the page and not yet taken by its store. Two: one being applied and the next already
 * cloned across, so the store never waits for the worker while it fills (it applies about a chunk per frame).
 */
export const snapshotChunksAhead = 2;

interface WorkerOutboxOptions {
  intervalMs?: number;
  /** Runs `run` after ms (setTimeout in the worker, manual in tests). */
  after?: (ms: number, run: () => void) => void;
}

export class WorkerOutbox {
  private readonly patches = new ProbePatchWriter();
  private waiting: SessionMessage[] = [];
  /** Bumped whenever the waiting updates go early, so the timer set for them does nothing. */
  private round = 0;
  private timerSet = false;
  private waitingProbes = 0;
  /** Snapshot chunks posted and not yet taken by the page. */
  private chunksAhead = 0;
  /** Messages behind a snapshot chunk that must wait for the page to take one: sent on, in order, as it does. */
  private queued: SessionMessage[] = [];
  private readonly intervalMs: number;
  private readonly after: (ms: number, run: () => void) => void;

  constructor(
    private readonly post: (event: WorkerEvent) => void,
    options: WorkerOutboxOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? postIntervalMs;
    this.after = options.after ?? ((ms, run) => setTimeout(run, ms));
  }

  /**
   * One of the session's messages: a snapshot's chunk goes now if the page has taken enough of the ones before,
   * an update within intervalMs with the others; either waits while a chunk before it does.
   */
  add(message: SessionMessage): void {
    if (this.queued.length > 0 || this.isHeldBack(message)) {
      this.queued.push(message);
      return;
    }
    this.send(message);
  }

  /** The page's store has applied a snapshot chunk: what waited for it goes on. */
  taken(): void {
    this.chunksAhead = Math.max(0, this.chunksAhead - 1);
    while (this.queued.length > 0 && !this.isHeldBack(this.queued[0]!)) this.send(this.queued.shift()!);
  }

  /** A snapshot chunk waits while snapshotChunksAhead of them are with the page, not yet taken. */
  private isHeldBack(message: SessionMessage): boolean {
    return message.inSnapshot === true && this.chunksAhead >= snapshotChunksAhead;
  }

  private send(message: SessionMessage): void {
    if (message.inSnapshot) {
      // The waiting updates first, and before this chunk's patches are made: both ends must see one order.
      this.flush();
      this.post(this.eventOf(message));
      this.chunksAhead += 1;
      return;
    }
    const last = this.waiting.at(-1);
    if (message.message.messageType === 'probeData' && last?.message.messageType === 'probeData') {
      last.message.probes.push(...message.message.probes);
    } else if (message.message.messageType === 'probeData') {
      // A list of our own to append to: the session's chunk is not ours to grow.
      this.waiting.push({ message: { messageType: 'probeData', probes: [...message.message.probes] }, isSnapshot: false });
    } else {
      this.waiting.push(message);
    }
    if (message.message.messageType === 'probeData') this.waitingProbes += message.message.probes.length;
    if (this.waitingProbes >= maxProbesPerPost) {
      this.flush();
      return;
    }
    if (this.timerSet) return;
    this.timerSet = true;
    const round = this.round;
    this.after(this.intervalMs, () => {
      if (round === this.round) this.flush();
    });
  }

  /**
   * Posts an event after everything still waiting, chunks held back included (open, error, close: nothing queued
   * may follow them).
   */
  postNow(event: WorkerEvent): void {
    for (const message of this.queued.splice(0)) this.send(message);
    this.flush();
    this.post(event);
  }

  /** Posts the waiting updates now, as one message. */
  flush(): void {
    this.round += 1;
    this.timerSet = false;
    this.waitingProbes = 0;
    if (this.waiting.length === 0) return;
    const events = this.waiting.map((message) => this.eventOf(message));
    this.waiting = [];
    this.post(events.length === 1 ? events[0]! : { type: 'batch', events });
  }

  /** Patches are made as the message is posted, so the writer sees the messages in the page's order. */
  private eventOf({ message, isSnapshot, keepIDs, inSnapshot }: SessionMessage): FeedEvent {
    if (message.messageType === 'probeData') {
      const patches = this.patches.patches(message.probes);
      // A snapshot chunk (inSnapshot) asks the page to say when its store has taken it.
      return { type: 'probes', patches, isSnapshot, keepIDs, inSnapshot };
    }
    if (message.messageType === 'probeDeletion') this.patches.forget(message.probes.map((p) => p.probeID));
    return { type: 'message', message, isSnapshot, keepIDs };
  }
}
