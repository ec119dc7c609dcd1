// What the rows read (docs/architecture.md (State outside React)): each probe's client entry by ID, the counts, the
// system information, and the shared clock's tick with the transient events it expires. Pure rules, no scheduling:
// the feed queue (feed-queue.ts) applies the socket's messages here, and the store (probe-store.ts) says when.
import type { Probe, SystemInfo } from '@bpm/protocol';
import { applyReport, countState, isCountedState, newProbeEntry, zeroCounts, type ProbeCounts, type ProbeEntry } from './probe-entry';
import { expireEvents, transientEventTicks } from './probe-events';
import { watchdogOf, type WatchdogStatus } from './watchdog';

/** docs/probe-data.md (Client watchdog): the default timeout. */
export const defaultTimeoutSeconds = 5;

export class ProbeState {
  readonly entries = new Map<string, ProbeEntry>();
  counts: ProbeCounts = zeroCounts;
  systemInfo: SystemInfo | null = null;
  timeoutSeconds = defaultTimeoutSeconds;
  tick = 0;
  /** Non-persistent events in expiry order (expiry = arrival + 50 ticks, so arrival order is expiry order). */
  private expiries: { tick: number; probeID: string }[] = [];
  private expiryHead = 0;
  private readonly startedAtMs: number;

  constructor(
    /** Wall clock, for the temperature history. */
    private readonly now: () => number,
    private readonly log: Pick<Console, 'warn'>,
  ) {
    this.startedAtMs = now();
  }

  /** The probe's last state, for a compact delta to apply to (feed-queue.ts). */
  readonly probeOf = (probeID: string): Probe | undefined => this.entries.get(probeID)?.probe;

  watchdog(entry: ProbeEntry): WatchdogStatus {
    return watchdogOf(this.timeoutSeconds, entry.watchdogResetTick, entry.watchdogAlertedByEvent, this.tick);
  }

  applySystemInfo(systemInfo: SystemInfo, changed: Set<string>): void {
    this.systemInfo = systemInfo;
    // docs/probe-data.md (Client watchdog) "New timeout": a different timeoutSeconds resets every watchdog to it.
    if (systemInfo.timeoutSeconds === this.timeoutSeconds) return;
    this.timeoutSeconds = systemInfo.timeoutSeconds;
    for (const [probeID, entry] of this.entries) {
      entry.watchdogResetTick = this.tick;
      entry.version += 1;
      changed.add(probeID);
    }
  }

  /** Applies one probe update (or a new probe) to its entry and to `counts`; answers whether the probe is new. */
  upsert(probe: Probe, counts: ProbeCounts, changed: Set<string>): boolean {
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

  remove(probeID: string, counts: ProbeCounts, changed: Set<string>): boolean {
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

  /** A snapshot: every probe it does not list goes (docs/live-feed.md (Snapshot replaces state)). */
  removeMissing(keepIDs: readonly string[], counts: ProbeCounts, changed: Set<string>): boolean {
    const kept = new Set(keepIDs);
    let removed = false;
    for (const probeID of [...this.entries.keys()]) {
      if (!kept.has(probeID)) removed = this.remove(probeID, counts, changed) || removed;
    }
    return removed;
  }

  /** One tick of the shared clock: answers the probes whose non-persistent events past their 5 s went. */
  advanceClock(): string[] {
    this.tick += 1;
    const changed: string[] = [];
    while (this.expiryHead < this.expiries.length && this.expiries[this.expiryHead]!.tick <= this.tick) {
      const { probeID } = this.expiries[this.expiryHead++]!;
      const entry = this.entries.get(probeID);
      if (entry && expireEvents(entry.lists, this.tick)) {
        entry.version += 1;
        changed.push(probeID);
      }
    }
    if (this.expiryHead > 4096 && this.expiryHead * 2 > this.expiries.length) {
      this.expiries = this.expiries.slice(this.expiryHead);
      this.expiryHead = 0;
    }
    return changed;
  }

  /** Forgets everything (tests; sign-out); the rings go back to the pool, for the probes of the next sign-in. */
  reset(): void {
    for (const entry of this.entries.values()) entry.history.dispose();
    this.entries.clear();
    this.counts = zeroCounts;
    this.systemInfo = null;
    this.timeoutSeconds = defaultTimeoutSeconds;
    this.expiries = [];
    this.expiryHead = 0;
  }
}
