// The virtualised log list with infinite scroll (docs/data-model.md (Logs constants): threshold 0.1, 100 px margin), so tens of
// thousands of loaded entries still scroll smoothly: only the visible rows are in the DOM.
import type { LogEntry } from '@bpm/protocol';
import { Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { LogRow, logRowHeight } from './log-row';

export interface LogListProps {
  entries: LogEntry[];
  highlighted: ReadonlySet<string>;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

export function LogList({ entries, highlighted, hasMore, isLoadingMore, onLoadMore }: LogListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The same function until the entries change: a new one makes the virtualiser re-place every row, on every scroll
  // frame (docs/decisions/admin.md#scroll-frames).
  const getItemKey = useCallback((index: number) => entries[index]?.ts ?? index, [entries]);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => logRowHeight,
    overscan: 15,
    getItemKey,
  });

  // Entries added on top by auto-refresh would push what the reader is looking at down; when scrolled
  // away from the top, keep the view where it was by scrolling down by the added rows' height.
  const previousFirstTs = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const before = previousFirstTs.current;
    previousFirstTs.current = entries[0]?.ts;
    if (!scroller || !before || scroller.scrollTop === 0 || entries[0]?.ts === before) return;
    const added = entries.findIndex((entry) => entry.ts === before);
    const shift = added > 0 ? virtualizer.measurementsCache[added]?.start : undefined;
    if (shift) scroller.scrollTop += shift;
  }, [entries, virtualizer]);

  // Re-observed whenever the list grows: a sentinel still in view after a page arrives asks for the next.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((observed) => observed.some((entry) => entry.isIntersecting) && onLoadMore(), {
      root: scrollRef.current,
      threshold: 0.1,
      rootMargin: '100px',
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore, entries.length]);

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label="Log entries"
      // Scrollable by keyboard too (axe scrollable-region-focusable).
      tabIndex={0}
      style={{
        height: 'calc(100dvh - 170px)',
        minHeight: 320,
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <LogRow entry={entry} isNew={highlighted.has(entry.ts)} />
            </div>
          );
        })}
      </div>
      <div ref={sentinelRef} style={{ padding: 'var(--mantine-spacing-sm)', textAlign: 'center' }}>
        <Text size="sm" c="dimmed">
          {isLoadingMore
            ? 'Loading more logs...'
            : hasMore
              ? ''
              : entries.length > 0
                ? 'No more logs available'
                : 'No logs found.'}
        </Text>
      </div>
    </div>
  );
}
