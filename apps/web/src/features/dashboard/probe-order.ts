// The Probes table's row order over the live store: rebuilt after a store batch only when membership or a
// changed probe's sort key moved, and published as a new array only when the order really differs, so the
// virtualised list re-renders only when the row order changes (style §8).
import type { ProbeStore, StoreBatch } from '../../live/probe-store';
import { matchesFilter, sortKey, sortProbes, type SortKey, type SortState } from './probe-sort';

export class ProbeOrder {
  private order: readonly string[] = [];
  private readonly keys = new Map<string, SortKey>();
  private readonly listeners = new Set<() => void>();
  private unsubscribeStore: (() => void) | null = null;

  constructor(
    private readonly store: ProbeStore,
    private sort: SortState,
    private filter = '',
  ) {}

  getOrder = (): readonly string[] => this.order;

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
      }
    };
  };

  setSort(sort: SortState): void {
    this.sort = sort;
    this.rebuild();
  }

  setFilter(filter: string): void {
    this.filter = filter.trim().toLowerCase();
    this.rebuild();
  }

  private onBatch(batch: StoreBatch): void {
    if (batch.membershipChanged || this.filter || this.anyKeyMoved(batch.changed)) this.rebuild();
  }

  private anyKeyMoved(changed: ReadonlySet<string>): boolean {
    for (const probeID of changed) {
      const entry = this.store.getEntry(probeID);
      if (!entry || sortKey(entry, this.sort.column) !== this.keys.get(probeID)) return true;
    }
    return false;
  }

  rebuild(notify = true): void {
    const entries = [...this.store.allEntries()].filter((e) => matchesFilter(e, this.filter));
    this.keys.clear();
    for (const entry of this.store.allEntries()) this.keys.set(entry.probe.probeID, sortKey(entry, this.sort.column));
    const next = sortProbes(entries, this.sort);
    if (sameOrder(next, this.order)) return;
    this.order = next;
    if (notify) for (const listener of this.listeners) listener();
  }
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
