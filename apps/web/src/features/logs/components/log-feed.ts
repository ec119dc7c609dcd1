// Pure rules of the log feed (docs/screens.md (Logs), docs/data-model.md (Logs constants)): paging and merging entries by their `ts` identity.
import { logsPaging, type LogEntry } from '@bpm/protocol';

/** More pages exist while a page returns at least as many entries as it asked for. */
export function hasMorePages(pageLength: number, limit: number): boolean {
  return pageLength >= limit;
}

/** The first page asks for 200, later pages for 50. */
export function pageLimit(loadedCount: number): number {
  return loadedCount === 0 ? logsPaging.firstPage : logsPaging.nextPage;
}

/** The entries of `page` whose ts is not yet known, in page order. */
export function unseenEntries(page: readonly LogEntry[], known: ReadonlySet<string>): LogEntry[] {
  const seen = new Set<string>();
  return page.filter((entry) => {
    if (known.has(entry.ts) || seen.has(entry.ts)) return false;
    seen.add(entry.ts);
    return true;
  });
}

/**
 * True when a refresh page shares no entry with what is loaded although it was full: entries may be
 * missing between the two, so the feed reloads from the top instead of leaving a silent gap.
 */
export function refreshLeftGap(page: readonly LogEntry[], unseen: readonly LogEntry[], loadedCount: number): boolean {
  return loadedCount > 0 && unseen.length === page.length && hasMorePages(page.length, logsPaging.autoRefreshLimit);
}
