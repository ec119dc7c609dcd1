// The live probe store (docs/architecture.md (State outside React)): the socket's messages queue (feed-queue.ts) and
// are applied to the probe state (probe-state.ts) once per frame of the one injected scheduler (frame-scheduler.ts);
// the store then tells the rows, the row order and the summary what changed. One shared 100 ms clock drives every
// watchdog and event expiry. React reads it through use-live / use-probe.
import type { LiveMessage, SystemInfo } from '@bpm/protocol';
import type { CompactMessage } from '@bpm/protocol/live-compact';
import { FeedQueue, notifyApartAfterMs, notifyApartMinProbes, type FlushNotice } from './feed-queue';
import { browserFrameScheduler, type FrameScheduler } from './frame-scheduler';
import { Holds } from './holds';
import type { ProbeCounts, ProbeEntry } from './probe-entry';
import { ProbeState } from './probe-state';
import type { WatchdogStatus } from './watchdog';

export { defaultTimeoutSeconds } from './probe-state';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';
export interface StoreBatch {
  /** Probes updated or added in this batch. */
  changed: ReadonlySet<string>;
  /** True when probes were added or removed, so the row order must be rebuilt. */
  membershipChanged: boolean;
}

export interface ProbeStoreOptions {
  /** When queued messages are applied and listeners told; the browser's frames unless a test drives its own. */
  scheduler?: FrameScheduler;
  /** Wall clock for the temperature history. */
  now?: () => number;
  log?: Pick<Console, 'warn'>;
}

/** docs/probe-data.md (Client watchdog): the 100 ms tick. */
export const clockIntervalMs = 100;

export class ProbeStore {
  private readonly state: ProbeState;
  private readonly queue: FeedQueue;
  private status: ConnectionStatus = 'disconnected';
  private frameScheduled = false;
  /** A frame's notice waiting for its own task (notifyApartAfterMs); the next frame tells it first if it still waits. */
  private pendingNotice: FlushNotice | null = null;
  /** Taken by holdMessages: while any is held, a frame applies nothing; the last release asks for a frame. */
  private readonly holds = new Holds(() => this.flushWhatWaits());
  /** Taken by holdProbeData: while any is held, a frame applies only the systemConfig messages at the queue's head. */
  private readonly probeDataHolds = new Holds(() => this.flushWhatWaits());
  private clockTimer: ReturnType<typeof setInterval> | null = null;

  private readonly probeListeners = new Map<string, Set<() => void>>();
  private readonly batchListeners = new Set<(batch: StoreBatch) => void>();
  private readonly summaryListeners = new Set<() => void>();
  private readonly clockListeners = new Set<() => void>();

  private readonly scheduler: FrameScheduler;
  private readonly now: () => number;

  constructor(options: ProbeStoreOptions = {}) {
    this.scheduler = options.scheduler ?? browserFrameScheduler;
    this.now = options.now ?? Date.now;
    const log = options.log ?? console;
    this.state = new ProbeState(this.now, log);
    this.queue = new FeedQueue(log);
  }

  // ---- reads -------------------------------------------------------------------------------------

  getEntry = (probeID: string): ProbeEntry | undefined => this.state.entries.get(probeID);
  getProbeVersion = (probeID: string): number => this.state.entries.get(probeID)?.version ?? -1;
  getCounts = (): ProbeCounts => this.state.counts;
  getSystemInfo = (): SystemInfo | null => this.state.systemInfo;
  getStatus = (): ConnectionStatus => this.status;
  getTick = (): number => this.state.tick;
  getTimeoutSeconds = (): number => this.state.timeoutSeconds;
  probeIDs = (): IterableIterator<string> => this.state.entries.keys();
  allEntries = (): IterableIterator<ProbeEntry> => this.state.entries.values();
  get size(): number {
    return this.state.entries.size;
  }

  watchdog(entry: ProbeEntry): WatchdogStatus {
    return this.state.watchdog(entry);
  }

  /** Wall-clock time at which this probe's watchdog reaches 0 if nothing arrives (Probe Details "Expiry Time"). */
  watchdogExpiryMs(entry: ProbeEntry): number {
    return this.now() + this.watchdog(entry).timeRemaining * 1000;
  }

  // ---- subscriptions -----------------------------------------------------------------------------

  subscribeProbe = (probeID: string, listener: () => void): (() => void) => {
    let set = this.probeListeners.get(probeID);
    if (!set) this.probeListeners.set(probeID, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.probeListeners.delete(probeID);
    };
  };
  subscribeBatch = (listener: (batch: StoreBatch) => void) => this.addTo(this.batchListeners, listener);
  subscribeSummary = (listener: () => void) => this.addTo(this.summaryListeners, listener);
  subscribeClock = (listener: () => void) => this.addTo(this.clockListeners, listener);

  private addTo<T>(set: Set<T>, listener: T): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }

  // ---- writes ------------------------------------------------------------------------------------

  setStatus(status: ConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.notifySummary();
  }

  /** Queues a spec live message (isSnapshot: the first probeData after open); applied before the next paint. */
  enqueue(message: LiveMessage, isSnapshot = false): void {
    this.queue.add(message, isSnapshot);
    this.requestFlush();
  }

  /** Queues compact probe data (docs/live-feed-compact.md), decoded into the entries as it is applied. */
  enqueueCompact(message: CompactMessage): void {
    this.queue.addCompact(message);
    this.requestFlush();
  }

  /**
   * Keeps queued messages unapplied until the returned function is called, or after maxMs at the latest, so the
   * feed never stalls for good. The Probes table holds the store while it renders its first rows in the
   * background: each applied frame changes the counts and the row order, and an urgent update makes React throw
   * that render away and start it again (docs/decisions/dashboard.md#holds-while-the-first-rows-render).
   */
  holdMessages(maxMs: number): () => void {
    return this.holds.take(maxMs);
  }

  /**
   * Like holdMessages, except that systemConfig messages at the head of the queue still apply: from the login
   * answer to the Dashboard's first commit (use-live-hold.ts), the Dashboard needs the system information to mount
   * in its first render, and nothing else (docs/decisions/dashboard.md#sign-in-hold).
   */
  holdProbeData(maxMs: number): () => void {
    return this.probeDataHolds.take(maxMs);
  }

  /** A hold ended: what it kept waiting is applied in the next frame. */
  private flushWhatWaits(): void {
    if (this.queue.length > 0) this.requestFlush();
  }

  private requestFlush(): void {
    if (this.frameScheduled) return;
    this.frameScheduled = true;
    this.scheduler.frame(() => this.flush());
  }

  /**
   * One frame: applies queued messages within the frame's budgets (feed-queue.ts), then notifies each changed probe
   * once, the batch and the summary (in a task of its own after a heavy frame); what is left waits for the next frame.
   */
  flush(): void {
    this.frameScheduled = false;
    // Listeners learn of every frame's changes, in order.
    this.tellPendingNotice();
    // The release requests the flush again.
    if (this.queue.length === 0 || this.holds.isHeld) return;
    // Under a probe-data hold the messages from the first that is not systemConfig on wait, in their order.
    const configOnly = this.probeDataHolds.isHeld;
    if (configOnly && !this.queue.headIsConfig) return;
    const startedAt = this.scheduler.elapsedMs();
    const { probesApplied, ...notice } = this.queue.applyFrame(this.state, this.scheduler.elapsedMs, configOnly);
    if (this.queue.length > 0 && !configOnly) this.requestFlush();
    if (probesApplied < notifyApartMinProbes || this.scheduler.elapsedMs() - startedAt < notifyApartAfterMs) {
      this.tell(notice);
      return;
    }
    this.pendingNotice = notice;
    this.scheduler.task(() => this.tellPendingNotice());
  }

  private tellPendingNotice(): void {
    const notice = this.pendingNotice;
    if (!notice) return;
    this.pendingNotice = null;
    this.tell(notice);
  }

  private tell({ changed, membershipChanged, summaryChanged }: FlushNotice): void {
    for (const probeID of changed) this.notifyProbe(probeID);
    const batch: StoreBatch = { changed, membershipChanged };
    for (const listener of this.batchListeners) listener(batch);
    if (summaryChanged) this.notifySummary();
  }

  /** One tick of the shared clock: watchdogs lose 0.1 s, and non-persistent events past their 5 s go. */
  advanceClock(): void {
    for (const probeID of this.state.advanceClock()) this.notifyProbe(probeID);
    for (const listener of this.clockListeners) listener();
  }

  /** Starts the one 100 ms interval for all watchdogs; returns its stop function. */
  startClock(): () => void {
    if (this.clockTimer === null) this.clockTimer = setInterval(() => this.advanceClock(), clockIntervalMs);
    return () => {
      if (this.clockTimer !== null) clearInterval(this.clockTimer);
      this.clockTimer = null;
    };
  }

  /** Forgets everything (tests; sign-out). */
  reset(): void {
    this.state.reset();
    this.queue.clear();
    this.pendingNotice = null;
    this.notifySummary();
    for (const listener of this.batchListeners) listener({ changed: new Set(), membershipChanged: true });
  }

  private notifyProbe(probeID: string): void {
    const set = this.probeListeners.get(probeID);
    if (set) for (const listener of set) listener();
  }

  private notifySummary(): void {
    for (const listener of this.summaryListeners) listener();
  }
}

/** The app's one store, shared by the live connection and the hooks. */
export const probeStore = new ProbeStore();
