// The live store (docs/architecture.md (State outside React)): probes by ID, counts, last valid readings, system info,
// events and watchdogs, in plain TypeScript. Messages queue and are applied once per animation frame; one
// shared 100 ms clock drives every watchdog and event expiry. React reads it through use-live / use-probe.
import type { LiveMessage, Probe, SystemInfo } from '@bpm/protocol';
import {
  budgetCheckEvery,
  defaultScheduleFrame,
  frameBudgetMs,
  newProbesPerFrame,
  notifyApartAfterMs,
  notifyApartMinProbes,
  type FlushNotice,
  type QueuedMessage,
} from './frame-budget';
import { Holds } from './holds';
import { applyReport, countState, isCountedState, newProbeEntry, zeroCounts, type ProbeCounts, type ProbeEntry } from './probe-entry';
import { expireEvents, transientEventTicks } from './probe-events';
import { scheduleTask } from './schedule-task';
import { watchdogOf, type WatchdogStatus } from './watchdog';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';
export interface StoreBatch {
  /** Probes updated or added in this batch. */
  changed: ReadonlySet<string>;
  /** True when probes were added or removed, so the row order must be rebuilt. */
  membershipChanged: boolean;
}

export interface ProbeStoreOptions {
  /** Runs the callback before the next paint; requestAnimationFrame in the browser, manual in tests. */
  scheduleFrame?: (flush: () => void) => void;
  /** Wall clock for the temperature history. */
  now?: () => number;
  /** Monotonic clock for the per-frame budget; performance.now in the browser. */
  elapsedMs?: () => number;
  /** Runs the callback in a task of its own, soon; a MessageChannel message in the browser, manual in tests. */
  scheduleTask?: (run: () => void) => void;
  log?: Pick<Console, 'warn'>;
}

/** docs/probe-data.md (Client watchdog): the default timeout and the 100 ms tick. */
export const defaultTimeoutSeconds = 5;
export const clockIntervalMs = 100;

export class ProbeStore {
  private readonly entries = new Map<string, ProbeEntry>();
  private counts: ProbeCounts = zeroCounts;
  private systemInfo: SystemInfo | null = null;
  private status: ConnectionStatus = 'disconnected';
  private timeoutSeconds = defaultTimeoutSeconds;
  private tick = 0;
  private readonly startedAtMs: number;
  private queue: QueuedMessage[] = [];
  private frameScheduled = false;
  /** A flush's notice waiting for its own task (notifyApartAfterMs); the next flush tells it first if it still waits. */
  private pendingNotice: FlushNotice | null = null;
  /** Taken by holdMessages: while any is held, flush applies nothing; the last release asks for a frame. */
  private readonly holds = new Holds(() => this.flushWhatWaits());
  /** Taken by holdProbeData: while any is held, flush applies only the systemConfig messages at the queue's head. */
  private readonly probeDataHolds = new Holds(() => this.flushWhatWaits());
  /** Non-persistent events in expiry order (expiry = arrival + 50 ticks, so arrival order is expiry order). */
  private expiries: { tick: number; probeID: string }[] = [];
  private expiryHead = 0;
  private clockTimer: ReturnType<typeof setInterval> | null = null;

  private readonly probeListeners = new Map<string, Set<() => void>>();
  private readonly batchListeners = new Set<(batch: StoreBatch) => void>();
  private readonly summaryListeners = new Set<() => void>();
  private readonly clockListeners = new Set<() => void>();

  private readonly scheduleFrame: (flush: () => void) => void;
  private readonly scheduleTask: (run: () => void) => void;
  private readonly now: () => number;
  private readonly elapsedMs: () => number;
  private readonly log: Pick<Console, 'warn'>;

  constructor(options: ProbeStoreOptions = {}) {
    this.scheduleFrame = options.scheduleFrame ?? defaultScheduleFrame;
    this.scheduleTask = options.scheduleTask ?? scheduleTask;
    this.now = options.now ?? Date.now;
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
    this.log = options.log ?? console;
    this.startedAtMs = this.now();
  }

  // ---- reads -------------------------------------------------------------------------------------

  getEntry = (probeID: string): ProbeEntry | undefined => this.entries.get(probeID);
  getProbeVersion = (probeID: string): number => this.entries.get(probeID)?.version ?? -1;
  getCounts = (): ProbeCounts => this.counts;
  getSystemInfo = (): SystemInfo | null => this.systemInfo;
  getStatus = (): ConnectionStatus => this.status;
  getTick = (): number => this.tick;
  getTimeoutSeconds = (): number => this.timeoutSeconds;
  probeIDs = (): IterableIterator<string> => this.entries.keys();
  allEntries = (): IterableIterator<ProbeEntry> => this.entries.values();
  get size(): number {
    return this.entries.size;
  }

  watchdog(entry: ProbeEntry): WatchdogStatus {
    return watchdogOf(this.timeoutSeconds, entry.watchdogResetTick, entry.watchdogAlertedByEvent, this.tick);
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

  /** Queues a live message; the queue is applied before the next paint, and onApplied called once it has been. */
  enqueue(message: LiveMessage, isSnapshot = false, keepIDs?: readonly string[], onApplied?: () => void): void {
    this.queue.push({ message, isSnapshot, next: 0, keepIDs, onApplied });
    this.requestFlush();
  }

  /**
   * Keeps queued messages unapplied until the returned function is called, or after maxMs at the latest, so the
   * feed never stalls for good. The Probes table holds the store while it renders its first rows in the
   * background: each applied chunk changes the counts and the row order, and an urgent update makes React throw
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
    this.scheduleFrame(() => this.flush());
  }

  /**
   * Applies queued messages for up to frameBudgetMs and newProbesPerFrame new probes, then notifies each changed probe once, the batch and the
   * summary (in the next task after a heavy frame, notifyApartAfterMs); what is left is applied in the next frame.
   */
  flush(): void {
    this.frameScheduled = false;
    // Listeners learn of every flush, in order.
    this.tellPendingNotice();
    // The release requests the flush again.
    if (this.queue.length === 0 || this.holds.isHeld) return;
    // Under a probe-data hold the messages from the first that is not systemConfig on wait, in their order.
    const configOnly = this.probeDataHolds.isHeld;
    if (configOnly && this.queue[0]!.message.messageType !== 'systemConfig') return;
    const startedAt = this.elapsedMs();
    const deadline = startedAt + frameBudgetMs;
    const changed = new Set<string>();
    let membershipChanged = false;
    const countsBefore = this.counts;
    const counts = { ...this.counts };
    const systemInfoBefore = this.systemInfo;
    let sinceCheck = 0;
    let added = 0;
    let probesApplied = 0;
    let outOfTime = false;
    while (this.queue.length > 0 && !outOfTime) {
      const item = this.queue[0]!;
      const { message } = item;
      if (configOnly && message.messageType !== 'systemConfig') break;
      switch (message.messageType) {
        case 'systemConfig':
          this.applySystemInfo(message.systemInfo, changed);
          break;
        case 'probeData':
          if (item.isSnapshot && item.next === 0) {
            const keep = item.keepIDs ?? message.probes.map((p) => p.probeID);
            membershipChanged = this.removeMissing(keep, counts, changed) || membershipChanged;
          }
          while (item.next < message.probes.length) {
            probesApplied += 1;
            if (this.upsert(message.probes[item.next++]!, counts, changed)) {
              membershipChanged = true;
              if (++added >= newProbesPerFrame) {
                outOfTime = true;
                break;
              }
            }
            if (++sinceCheck >= budgetCheckEvery) {
              sinceCheck = 0;
              if (this.elapsedMs() > deadline) {
                outOfTime = true;
                break;
              }
            }
          }
          break;
        case 'probeDeletion':
          for (const { probeID } of message.probes)
            membershipChanged = this.remove(probeID, counts, changed) || membershipChanged;
          break;
        default:
          this.log.warn('Unknown message type', (message as { messageType?: unknown }).messageType);
      }
      if (message.messageType !== 'probeData' || item.next >= message.probes.length) {
        this.queue.shift();
        item.onApplied?.();
      }
    }
    if (this.queue.length > 0 && !configOnly) this.requestFlush();
    const countsChanged = (Object.keys(counts) as (keyof ProbeCounts)[]).some((k) => counts[k] !== countsBefore[k]);
    if (countsChanged) this.counts = counts;
    const notice = { changed, membershipChanged, summaryChanged: countsChanged || systemInfoBefore !== this.systemInfo };
    if (probesApplied < notifyApartMinProbes || this.elapsedMs() - startedAt < notifyApartAfterMs) {
      this.tell(notice);
      return;
    }
    this.pendingNotice = notice;
    this.scheduleTask(() => this.tellPendingNotice());
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
    this.tick += 1;
    while (this.expiryHead < this.expiries.length && this.expiries[this.expiryHead]!.tick <= this.tick) {
      const { probeID } = this.expiries[this.expiryHead++]!;
      const entry = this.entries.get(probeID);
      if (entry && expireEvents(entry.lists, this.tick)) {
        entry.version += 1;
        this.notifyProbe(probeID);
      }
    }
    if (this.expiryHead > 4096 && this.expiryHead * 2 > this.expiries.length) {
      this.expiries = this.expiries.slice(this.expiryHead);
      this.expiryHead = 0;
    }
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
    // The rings go back to the pool, for the probes of the next sign-in.
    for (const entry of this.entries.values()) entry.history.dispose();
    this.entries.clear();
    this.counts = zeroCounts;
    this.systemInfo = null;
    this.timeoutSeconds = defaultTimeoutSeconds;
    this.queue = [];
    this.pendingNotice = null;
    this.expiries = [];
    this.expiryHead = 0;
    this.notifySummary();
    for (const listener of this.batchListeners) listener({ changed: new Set(), membershipChanged: true });
  }

  // ---- rules -------------------------------------------------------------------------------------

  private applySystemInfo(systemInfo: SystemInfo, changed: Set<string>): void {
    this.systemInfo = systemInfo;
    // docs/probe-data.md (Client watchdog) "New timeout": a different timeoutSeconds resets every watchdog to it.
    if (systemInfo.timeoutSeconds !== this.timeoutSeconds) {
      this.timeoutSeconds = systemInfo.timeoutSeconds;
      for (const [probeID, entry] of this.entries) {
        entry.watchdogResetTick = this.tick;
        entry.version += 1;
        changed.add(probeID);
      }
    }
  }

  private upsert(probe: Probe, counts: ProbeCounts, changed: Set<string>): boolean {
    let entry = this.entries.get(probe.probeID);
    const isNew = !entry;
    const stateString = probe.state.stateString;
    if (!entry) {
      entry = newProbeEntry(probe, this.tick);
      this.entries.set(probe.probeID, entry);
      counts.total += 1;
      countState(counts, stateString, 1);
      if (!isCountedState(stateString)) this.log.warn('Unexpected state received', stateString);
    } else {
      const before = entry.probe.state.stateString;
      if (before !== stateString) {
        countState(counts, before, -1);
        countState(counts, stateString, 1);
        if (!isCountedState(stateString)) this.log.warn('Unexpected state received', stateString);
      }
      entry.probe = probe;
    }
    if (applyReport(entry, this.tick, this.now() - this.startedAtMs)) {
      this.expiries.push({ tick: this.tick + transientEventTicks, probeID: probe.probeID });
    }
    changed.add(probe.probeID);
    return isNew;
  }

  private remove(probeID: string, counts: ProbeCounts, changed: Set<string>): boolean {
    const entry = this.entries.get(probeID);
    if (!entry) return false;
    // Deleting the entry also drops its stored readings (docs/live-feed.md (Message handling)).
    this.entries.delete(probeID);
    entry.history.dispose();
    counts.total -= 1;
    countState(counts, entry.probe.state.stateString, -1);
    changed.add(probeID);
    return true;
  }

  private removeMissing(keepIDs: readonly string[], counts: ProbeCounts, changed: Set<string>): boolean {
    const kept = new Set(keepIDs);
    let removed = false;
    for (const probeID of [...this.entries.keys()]) {
      if (!kept.has(probeID)) removed = this.remove(probeID, counts, changed) || removed;
    }
    return removed;
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
