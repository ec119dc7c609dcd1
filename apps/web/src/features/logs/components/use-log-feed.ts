// The Logs page's entries: first page of 200, further pages of 50 on demand, auto-refresh adding only
// entries with a new ts (each highlighted for 300 ms), all for the current filter `q` (docs/screens.md (Logs), docs/data-model.md (Logs constants)).
import { logsPaging, type LogEntry } from '@bpm/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { logQueries, type LogsPageRequest } from '../api/logs-api';
import { hasMorePages, pageLimit, refreshLeftGap, unseenEntries } from './log-feed';

const highlightMs = 300;

export interface LogFeed {
  entries: LogEntry[];
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  highlighted: ReadonlySet<string>;
  loadMore: () => void;
  reload: () => void;
}

export function useLogFeed(q: string, isAutoRefreshing: boolean): LogFeed {
  const queryClient = useQueryClient();
  // Through the query client, so a 401 ends the session like any other query.
  const getLogs = useCallback((request: LogsPageRequest) => queryClient.fetchQuery(logQueries.page(request)), [queryClient]);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  // Refs mirror what async callbacks need, so an answer for an old filter can be recognised and dropped.
  const generation = useRef(0);
  const known = useRef(new Set<string>());
  const loaded = useRef<LogEntry[]>([]);
  const busyMore = useRef(false);

  const replace = useCallback((next: LogEntry[]) => {
    loaded.current = next;
    setEntries(next);
  }, []);

  const reload = useCallback(() => {
    const current = ++generation.current;
    setIsLoading(true);
    busyMore.current = false;
    setIsLoadingMore(false);
    const limit = pageLimit(0);
    getLogs({ offset: 0, limit, q })
      .then((page) => {
        if (current !== generation.current) return;
        const fresh = unseenEntries(page, new Set());
        known.current = new Set(fresh.map((entry) => entry.ts));
        replace(fresh);
        setHasMore(hasMorePages(page.length, limit));
      })
      .catch((error: unknown) => {
        if (current !== generation.current) return;
        console.error('Failed to fetch logs', error);
        known.current = new Set();
        replace([]);
        setHasMore(false);
      })
      .finally(() => {
        if (current === generation.current) setIsLoading(false);
      });
  }, [q, replace, getLogs]);

  const loadMore = useCallback(() => {
    if (busyMore.current || loaded.current.length === 0) return;
    const current = generation.current;
    busyMore.current = true;
    setIsLoadingMore(true);
    const limit = pageLimit(loaded.current.length);
    getLogs({ offset: loaded.current.length, limit, q })
      .then((page) => {
        if (current !== generation.current) return;
        const older = unseenEntries(page, known.current);
        older.forEach((entry) => known.current.add(entry.ts));
        replace([...loaded.current, ...older]);
        setHasMore(hasMorePages(page.length, limit));
      })
      .catch((error: unknown) => console.error('Failed to fetch more logs', error))
      .finally(() => {
        if (current !== generation.current) return;
        busyMore.current = false;
        setIsLoadingMore(false);
      });
  }, [q, replace, getLogs]);

  const refreshNewest = useCallback(() => {
    const current = generation.current;
    getLogs({ offset: 0, limit: logsPaging.autoRefreshLimit, q })
      .then((page) => {
        if (current !== generation.current) return;
        const newer = unseenEntries(page, known.current);
        if (newer.length === 0) return;
        if (refreshLeftGap(page, newer, loaded.current.length)) return reload();
        newer.forEach((entry) => known.current.add(entry.ts));
        replace([...newer, ...loaded.current]);
        const added = new Set(newer.map((entry) => entry.ts));
        setHighlighted(added);
        setTimeout(() => setHighlighted((shown) => (shown === added ? new Set() : shown)), highlightMs);
      })
      .catch((error: unknown) => console.error('Failed to refresh logs', error));
  }, [q, reload, replace, getLogs]);

  useEffect(() => {
    reload();
  }, [reload]);

  useEffect(() => {
    if (!isAutoRefreshing) return;
    const timer = setInterval(refreshNewest, logsPaging.autoRefreshMs);
    return () => clearInterval(timer);
  }, [isAutoRefreshing, refreshNewest]);

  return { entries, isLoading, isLoadingMore, hasMore, highlighted, loadMore, reload };
}
