// The dashboard's row order (docs/screens.md (Table sorting)), defined once: the web app sorts its Probes table
// with it, and the server picks a compact snapshot's part 0 with it (docs/live-feed-compact.md), so part 0 holds
// exactly the dashboard's first rows in the default sort.

export type SortDirection = 'asc' | 'desc';

/** A sort key; null means "no reading" and always sorts last. */
export type SortKey = number | string | null;

/**
 * Natural order for probe IDs ("P-2" before "P-10"), case-insensitive: digit runs are zero-padded once per ID
 * and cached, so a 10,000-row sort compares plain strings (Intl.Collator cost ~25 ms per sort in the bench).
 */
const idKeys = new Map<string, string>();
function idSortKey(id: string): string {
  let key = idKeys.get(id);
  if (key === undefined) {
    key = id.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(20, '0'));
    if (idKeys.size > 100_000) idKeys.clear();
    idKeys.set(id, key);
  }
  return key;
}
function compareIDs(a: string, b: string): number {
  if (a === b) return 0;
  return compareIDKeys(idSortKey(a), idSortKey(b), a, b);
}
function compareIDKeys(ka: string, kb: string, a: string, b: string): number {
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

export interface KeyedProbe {
  probeID: string;
  key: SortKey;
  /** idSortKey(probeID), carried along so the tie-break needs no lookup. */
  idKey: string;
}

export const keyedProbe = (probeID: string, key: SortKey): KeyedProbe => ({ probeID, key, idKey: idSortKey(probeID) });

/** Orders keyed probes; ties fall back to probe ID ascending so the order is stable between frames. */
export function compareKeyed(direction: SortDirection) {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: KeyedProbe, b: KeyedProbe): number => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return compareIDKeys(a.idKey, b.idKey, a.probeID, b.probeID);
      return a.key === null ? 1 : -1;
    }
    let order: number;
    if (typeof a.key === 'string' && typeof b.key === 'string') order = compareIDs(a.key, b.key);
    else order = (a.key as number) - (b.key as number);
    return order * sign || compareIDKeys(a.idKey, b.idKey, a.probeID, b.probeID);
  };
}
