// The socket's messages waiting for a frame, and applying them to the probe state within one frame's budgets
// (docs/decisions/live-format.md (One path for a probe update)). A compact message is decoded here, record by record,
// into the client entries the rows read: one decode, no copy of the probes anywhere else. The spec format's
// probeData (a client that asked for it: tests) is applied the same way, probe by probe.
import type { LiveMessage } from '@bpm/protocol';
import { CompactDecoder, type CompactMessage } from '@bpm/protocol/live-compact';
import type { ProbeCounts } from './probe-entry';
import type { ProbeState } from './probe-state';

/**
 * Main-thread time one frame may spend applying messages. The rest waits for the next frame, so a burst
 * (a snapshot, or messages queued while the tab was busy) never becomes one long task.
 */
export const frameBudgetMs = 8;
/** The budget is checked every this many probes, which keeps small batches (and unit tests) in one frame. */
export const budgetCheckEvery = 256;
/**
 * At most this many probes new to the store are added per frame; the rest wait for the next frame, in order.
 * A new probe costs far more than an update (its entry, event lists and history ring, a row order that grows,
 * the young-generation GC of all that), so while a snapshot fills an empty store the time budget alone let a
 * frame add up to ~3,000 probes (docs/decisions/dashboard.md#new-probes-per-frame). The snapshot's part 0 (250
 * probes, the first rows) fits, so the first rows come in one frame; updates of known probes are not counted.
 */
export const newProbesPerFrame = 256;

/**
 * A frame whose applying took at least this long tells its listeners in a task of its own, right after the frame's:
 * those listeners are React's re-render of every changed row, and the catch-up frames applied and re-rendered in one
 * task were the sign-in's longest tasks (docs/decisions/dashboard.md#heavy-frames-notify-apart). A frame that applied
 * fewer than notifyApartMinProbes probes always tells at once.
 */
export const notifyApartAfterMs = 4;
export const notifyApartMinProbes = 100;

/** What one frame changed, told to the listeners. */
export interface FlushNotice {
  changed: Set<string>;
  membershipChanged: boolean;
  summaryChanged: boolean;
}

type QueuedItem =
  /** A spec message; `isSnapshot`: the first probeData after a (re)connect replaces the whole state. */
  | { message: LiveMessage; compact?: undefined; isSnapshot: boolean; next: number }
  /** Compact probe data, decoded as it is applied; `next` records already applied (a part spans frames). */
  | { message?: undefined; compact: CompactMessage; isSnapshot: false; next: number };

export interface FrameResult extends FlushNotice {
  probesApplied: number;
}

export class FeedQueue {
  private items: QueuedItem[] = [];
  /** The compact stream's handle table and epoch, advanced in the order the messages are applied. */
  private decoder = new CompactDecoder();

  constructor(private readonly log: Pick<Console, 'warn'>) {}

  get length(): number {
    return this.items.length;
  }

  /** Whether the next message to apply is a systemConfig (what a probe-data hold lets through). */
  get headIsConfig(): boolean {
    return this.items[0]?.message?.messageType === 'systemConfig';
  }

  add(message: LiveMessage, isSnapshot: boolean): void {
    this.items.push({ message, isSnapshot, next: 0 });
  }

  addCompact(compact: CompactMessage): void {
    this.items.push({ compact, isSnapshot: false, next: 0 });
  }

  clear(): void {
    this.items = [];
    this.decoder = new CompactDecoder();
  }

  /**
   * Applies queued messages to `state` until `deadline` (checked every budgetCheckEvery probes) or newProbesPerFrame
   * new probes; with `configOnly`, only the systemConfig messages at the head. What is left waits, in order.
   */
  applyFrame(state: ProbeState, elapsedMs: () => number, configOnly: boolean): FrameResult {
    const deadline = elapsedMs() + frameBudgetMs;
    const changed = new Set<string>();
    const countsBefore = state.counts;
    const counts = { ...countsBefore };
    const systemInfoBefore = state.systemInfo;
    let membershipChanged = false;
    let probesApplied = 0;
    let added = 0;
    let outOfTime = false;
    /** One probe applied: answers false when the frame must stop. */
    const applied = (isNew: boolean): boolean => {
      probesApplied += 1;
      if (isNew) {
        membershipChanged = true;
        if (++added >= newProbesPerFrame) return false;
      }
      return probesApplied % budgetCheckEvery !== 0 || elapsedMs() <= deadline;
    };
    while (this.items.length > 0 && !outOfTime) {
      const item = this.items[0]!;
      if (configOnly && item.message?.messageType !== 'systemConfig') break;
      let done = true;
      if (item.compact) {
        const { compact } = item;
        if (item.next === 0) {
          const snapshotIDs = this.decoder.start(compact);
          if (snapshotIDs) membershipChanged = state.removeMissing(snapshotIDs, counts, changed) || membershipChanged;
        }
        while (item.next < compact.p.length && !outOfTime) {
          const probe = this.decoder.decodeRecord(compact, compact.p[item.next++]!, state.probeOf);
          if (probe) outOfTime = !applied(state.upsert(probe, counts, changed));
        }
        done = item.next >= compact.p.length;
      } else {
        const { message } = item;
        switch (message.messageType) {
          case 'systemConfig':
            state.applySystemInfo(message.systemInfo, changed);
            break;
          case 'probeData':
            if (item.isSnapshot && item.next === 0) {
              const keep = message.probes.map((p) => p.probeID);
              membershipChanged = state.removeMissing(keep, counts, changed) || membershipChanged;
            }
            while (item.next < message.probes.length && !outOfTime) {
              outOfTime = !applied(state.upsert(message.probes[item.next++]!, counts, changed));
            }
            done = item.next >= message.probes.length;
            break;
          case 'probeDeletion': {
            const ids = message.probes.map((p) => p.probeID);
            this.decoder.forget(ids);
            for (const probeID of ids) membershipChanged = state.remove(probeID, counts, changed) || membershipChanged;
            break;
          }
          default:
            this.log.warn('Unknown message type', (message as { messageType?: unknown }).messageType);
        }
      }
      if (done) this.items.shift();
    }
    const countsChanged = (Object.keys(counts) as (keyof ProbeCounts)[]).some((k) => counts[k] !== countsBefore[k]);
    if (countsChanged) state.counts = counts;
    return {
      changed,
      membershipChanged,
      summaryChanged: countsChanged || systemInfoBefore !== state.systemInfo,
      probesApplied,
    };
  }
}
