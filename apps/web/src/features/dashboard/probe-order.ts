// The Probes table's row order over the live store. It keeps every probe sorted and, after a store batch,
// moves only the probes whose sort key changed (binary search + splice) instead of re-sorting 10,000 rows
// ten times a second (bench: a full sort per batch cost ~10 % of the main thread). A new order array is
// published only when the visible order really differs, so the virtualised list re-renders only then.
import type { ProbeStore, StoreBatch } from '../../live/stores/probe-store';
import { compareKeyed, keyedProbe, type KeyedProbe, type SortKey } from '@bpm/protocol';
import { matchesFilter, sortKey, type SortState } from './probe-sort';

/** Above this share of changed probes, one full sort is cheaper than many moves. */
const fullSortShare = 0.1;
/**
 * Full sorts are at least this far apart: a snapshot arrives in ~40 chunks, and sorting 10,000 rows after each
 * made 50–100 ms frames in the bench. Rows that arrive in between appear with the next sort.
 */
const minFullSortIntervalMs = 300;

export class ProbeOrder {
  private sorted: KeyedProbe[] = [];
  private readonly byID = new Map<string, KeyedProbe>();
  private order: readonly string[] = [];
  private readonly listeners = new Set<() => void>();
  private unsubscribeStore: (() => void) | null = null;
  private compare: (a: KeyedProbe, b: KeyedProbe) => number;
  private lastFullSortMs = -Infinity;
  private deferredSort: ReturnType<typeof setTimeout> | null = null;
  /** While held, live changes do not move rows (docs/operator-screen.md "Rows that hold still"). */
  private held = false;
  /** A new order is waiting for the hold to end. */
  private pending = false;
  /** Probes Critical when the hold began; others that turn Critical meanwhile are pinned to the top. */
  private criticalAtHold = new Set<string>();
  private newCritical = 0;

  constructor(
    private readonly store: ProbeStore,
    private sort: SortState,
    private filter = '',
    private stageID: number | null = null,
  ) {
    this.filter = filter.trim().toLowerCase();
    this.compare = compareKeyed(sort.direction);
  }

  getOrder = (): readonly string[] => this.order;
  isPending = (): boolean => this.pending;
  /** Probes pinned to the top of a held order because they turned Critical during the hold. */
  getNewCritical = (): number => this.newCritical;

  /**
   * Holds the rows where they are (the pointer is over the table, a row menu or the details are open): probes
   * that change keep their place, removed ones leave, new ones join at the end. Released, the sorted order
   * applies at once. A sort or filter the user asks for applies even while held.
   */
  setHeld(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    this.criticalAtHold = new Set(held ? this.order.filter((id) => this.isCritical(id)) : []);
    if (!held && (this.pending || this.newCritical > 0)) this.publish();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.unsubscribeStore) {
      this.unsubscribeStore = this.store.subscribeBatch((batch) => this.onBatch(batch));
      // useSyncExternalStore re-reads the snapshot after subscribing, so no notification is needed here.
      this.rebuild(false);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.unsubscribeStore?.();
        this.unsubscribeStore = null;
        if (this.deferredSort !== null) clearTimeout(this.deferredSort);
        this.deferredSort = null;
      }
    };
  };

  setSort(sort: SortState): void {
    if (sort.column === this.sort.column && sort.direction === this.sort.direction) return;
    this.sort = sort;
    this.compare = compareKeyed(sort.direction);
    this.rebuild(true, true);
  }

  setFilter(filter: string): void {
    const next = filter.trim().toLowerCase();
    if (next === this.filter) return;
    this.filter = next;
    this.publish(true, true);
  }

  /** Only the probes at this build stage (null: every stage). */
  setStage(stageID: number | null): void {
    if (stageID === this.stageID) return;
    this.stageID = stageID;
    this.publish(true, true);
  }

  /** Full sort of every probe in the store. */
  rebuild(notify = true, requested = false): void {
    if (this.deferredSort !== null) clearTimeout(this.deferredSort);
    this.deferredSort = null;
    this.lastFullSortMs = performance.now();
    this.byID.clear();
    this.sorted = [];
    for (const entry of this.store.allEntries()) {
      const keyed = keyedProbe(entry.probe.probeID, sortKey(entry, this.sort.column));
      this.byID.set(keyed.probeID, keyed);
      this.sorted.push(keyed);
    }
    this.sorted.sort(this.compare);
    this.publish(notify, requested);
  }

  private onBatch(batch: StoreBatch): void {
    // A full sort is already due: it will see this batch too.
    if (this.deferredSort !== null) return;
    const moves: { probeID: string; old: KeyedProbe | undefined; key: SortKey | undefined }[] = [];
    for (const probeID of batch.changed) {
      const entry = this.store.getEntry(probeID);
      const old = this.byID.get(probeID);
      const key = entry ? sortKey(entry, this.sort.column) : undefined;
      if (old && entry && old.key === key) continue;
      moves.push({ probeID, old, key });
    }
    if (moves.length > 50 && moves.length > this.sorted.length * fullSortShare) {
      const wait = this.lastFullSortMs + minFullSortIntervalMs - performance.now();
      // An empty table sorts at once: the first screenful comes from the snapshot's first chunk, not 300 ms later.
      if (wait <= 0 || this.sorted.length === 0) this.rebuild();
      else this.deferredSort = setTimeout(() => this.rebuild(), wait);
      return;
    }
    for (const { probeID, old, key } of moves) {
      if (old) {
        this.sorted.splice(this.indexOf(old), 1);
        this.byID.delete(probeID);
      }
      if (key !== undefined) {
        const keyed = keyedProbe(probeID, key);
        this.sorted.splice(this.insertionIndex(keyed), 0, keyed);
        this.byID.set(probeID, keyed);
      }
    }
    // With a filter, a changed assignment can also change which rows match.
    const filtered = this.filter !== '' || this.stageID !== null;
    // Under any sort, a probe turning Critical during a hold is pinned to the top.
    const pins = this.held && [...batch.changed].some((id) => !this.criticalAtHold.has(id) && this.isCritical(id));
    if (moves.length > 0 || pins || (filtered && batch.changed.size > 0)) this.publish();
  }

  /** Binary search for an element known to be in the array (keys and IDs make the order total). */
  private indexOf(keyed: KeyedProbe): number {
    const at = this.insertionIndex(keyed);
    if (this.sorted[at] === keyed) return at;
    const found = this.sorted.indexOf(keyed);
    if (found < 0) throw new Error(`probe ${keyed.probeID} missing from the row order`);
    return found;
  }

  /** First index whose element does not sort before keyed. */
  private insertionIndex(keyed: KeyedProbe): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.sorted[mid]!, keyed) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private publish(notify = true, requested = false): void {
    let next: string[] = [];
    if (this.filter || this.stageID !== null) {
      for (const keyed of this.sorted) {
        const entry = this.store.getEntry(keyed.probeID);
        if (entry && matchesFilter(entry, this.filter, this.stageID)) next.push(keyed.probeID);
      }
    } else {
      for (const keyed of this.sorted) next.push(keyed.probeID);
    }
    const wasPending = this.pending;
    const hadNewCritical = this.newCritical;
    this.pending = false;
    this.newCritical = 0;
    if (this.held && !requested) {
      // A probe turning Critical does not keep a place possibly off screen (docs/operator-screen.md "Rows that hold still").
      const held = heldOrder(this.order, next);
      const pinned = held.filter((id) => !this.criticalAtHold.has(id) && this.isCritical(id));
      const pinnedSet = new Set(pinned);
      const shown = pinned.length === 0 ? held : [...pinned, ...held.filter((id) => !pinnedSet.has(id))];
      this.newCritical = pinned.length;
      this.pending = !sameOrder(shown, next);
      next = shown;
    }
    const changed = !sameOrder(next, this.order);
    if (changed) this.order = next;
    const statusChanged = wasPending !== this.pending || hadNewCritical !== this.newCritical;
    if (notify && (changed || statusChanged)) for (const listener of this.listeners) listener();
  }

  private isCritical(probeID: string): boolean {
    return this.store.getEntry(probeID)?.probe.state.stateString === 'Critical';
  }
}

/** The shown order kept: rows no longer in `sorted` leave, rows new to it are appended in sorted order. */
export function heldOrder(shown: readonly string[], sorted: readonly string[]): string[] {
  const present = new Set(sorted);
  const kept = shown.filter((id) => present.has(id));
  if (kept.length === sorted.length) return kept;
  const known = new Set(kept);
  for (const id of sorted) if (!known.has(id)) kept.push(id);
  return kept;
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
