// The Probes table (docs/screens.md (Probes table)): sortable headers over a virtualised body. The body re-renders when the row
// order changes or the user scrolls; each row updates itself from the store.
import { VisuallyHidden } from '@mantine/core';
import {
  defaultRangeExtractor,
  elementScroll,
  observeElementRect,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveHoldWhile } from '../../../live/hooks/use-live-hold';
import { ProbeRow, type ProbeRowProps } from './probe-row';
import type { SortColumn, SortState } from '../probe-sort';
import classes from './dashboard.module.css';
import { DashboardIcon } from './dashboard-icon';
import { pointerHoldEvents } from '../use-pointer-hold';

export const rowHeightPx = 40;

const noRows: readonly string[] = [];

const columns: { label: string; sort?: SortColumn }[] = [
  { label: 'ID', sort: 'probeID' },
  { label: 'Status', sort: 'status' },
  { label: 'Stage', sort: 'stage' },
  { label: 'Pack', sort: 'pack' },
  { label: 'Info' },
  { label: 'External', sort: 'external' },
  { label: 'Internal', sort: 'internal' },
  { label: 'Connection' },
  { label: 'Assignment', sort: 'assignment' },
  { label: 'Watchdog' },
  { label: 'Battery', sort: 'battery' },
  { label: 'Actions' },
];

export interface ProbeTableProps {
  order: readonly string[];
  sort: SortState;
  onSort: (column: SortColumn) => void;
  canDelete: boolean;
  onDetails: ProbeRowProps['onDetails'];
  onDelete: (probeID: string) => void;
  onMenuChange: (opened: boolean) => void;
  /** The pointer entered (true) or left (false) the table: the rows hold still meanwhile. */
  onPointerOver: (over: boolean) => void;
  /** Live data lost: rows are shown greyed (docs/operator-screen.md). */
  stale: boolean;
  emptyText: string;
  /** The table's id; the page focuses the table by it (tabIndex -1) when the probe whose details were open is gone. */
  listId: string;
}

export function ProbeTable({
  order,
  sort,
  onSort,
  canDelete,
  onDetails,
  onDelete,
  onMenuChange,
  onPointerOver,
  stale,
  emptyText,
  listId,
}: ProbeTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The first rows are rendered in the background, in slices React can interrupt: mounting the first screenful of
  // rows (cold Mantine menus, cells, rings) was one ~100 ms task in the frame that applied the snapshot's first
  // chunk (docs/decisions/dashboard.md#first-rows-in-the-background). Later orders render with the store's frame:
  // deferred, each was a second render of the table in a task of its own, and a paint pass of its own
  // (docs/decisions/dashboard.md#later-orders-with-the-stores-frame). Each row still reads its probe live from the store.
  const showsRows = useDeferredValue(order.length > 0);
  const rows = showsRows ? order : noRows;
  // While the first rows render in the background (the table was empty, the order is not), the stores wait: an
  // applied snapshot part or an alarms message would make React restart that render
  // (docs/decisions/dashboard.md#holds-while-the-first-rows-render).
  useLiveHoldWhile(rows.length === 0 && order.length > 0);
  const [rowLimit, setRowLimit] = useState(firstFrameRows);
  const rangeExtractor = useMemo(
    () => (rowLimit === Infinity ? defaultRangeExtractor : (range: Range) => defaultRangeExtractor(range).slice(0, rowLimit)),
    [rowLimit],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeightPx,
    overscan: 6,
    // Index keys (the default) keep the virtualiser's measurement cache valid when only the order changes;
    // React still keys each row by its probe ID below.
    // jsdom has no layout; a default viewport keeps the first rows rendered in component tests.
    initialRect: { width: 1200, height: 800 },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessNewAtStart,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  useScreenFilledInSteps(rows.length > 0, items.length, rowLimit, setRowLimit);
  return (
    <div ref={scroller} className={classes.scroller} {...pointerHoldEvents(onPointerOver)}>
      <div
        id={listId}
        tabIndex={-1}
        role="table"
        aria-label="Probes"
        aria-rowcount={rows.length + 1}
        className={stale ? classes.stale : undefined}
      >
        <HeaderRow sort={sort} onSort={onSort} />
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {rows.length === 0 && <div className={classes.empty}>{emptyText}</div>}
          {items.map((item) => (
            <ProbeRow
              key={rows[item.index]!}
              probeID={rows[item.index]!}
              rowIndex={item.index}
              offset={item.start}
              canDelete={canDelete}
              onDetails={onDetails}
              onDelete={onDelete}
              onMenuChange={onMenuChange}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The scroller's size as the ResizeObserver reports it, starting from initialRect. The virtualiser's default also
 * reads clientWidth/clientHeight when it first sees the scroller, in the table's layout effect: a forced style and
 * layout of the whole new page inside the Dashboard's mount, a quarter of that 42 ms task
 * (docs/decisions/dashboard.md#no-forced-layout-at-mount). The observer's first report comes after the frame's own layout, before
 * its paint; the table mounts with no rows (the order is built after the mount), so no row is placed by initialRect. Without a
 * ResizeObserver (jsdom) the default stays.
 */
function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
): void | (() => void) {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element || !Observer) return observeElementRect(instance, onRect);
  const observer = new Observer(() => onRect({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/**
 * Rows mounted in the first frame that shows any, and at most this many more in each next frame until the screen
 * (and the overscan) is full. The first frame with rows styled, laid out and painted ~20 cold rows at once, a
 * 32–38 ms CPU task (docs/decisions/dashboard.md#no-forced-layout-at-mount); the rest of the screen in one frame after
 * the first 8 was still a 23–43 ms CPU task with the store's frame (docs/decisions/dashboard.md#screen-filled-in-steps); 8 rows a
 * frame still laid out ~400 boxes, 7–10 ms of layout in 30 ms CPU frames (docs/decisions/dashboard.md#screen-filled-in-steps).
 */
const firstFrameRows = 4;

/**
 * While the first screen fills: from the frame after the one that first showed rows, each animation frame lets
 * firstFrameRows more rows mount, so React renders them after the rows before have been painted; once a frame
 * shows fewer rows than it was allowed (the screen is full) the limit goes, and scrolling mounts rows as usual.
 */
function useScreenFilledInSteps(showsRows: boolean, shown: number, limit: number, setLimit: (limit: number) => void): void {
  useEffect(() => {
    if (limit === Infinity || !showsRows) return;
    const frame = requestAnimationFrame(() => setLimit(shown < limit ? Infinity : limit + firstFrameRows));
    return () => cancelAnimationFrame(frame);
  }, [showsRows, shown, limit, setLimit]);
}

/** Scrollers the virtualiser has written a scroll position to. */
const scrolledTo = new WeakSet<Element>();

/**
 * The virtualiser's scroll writes, without the first one when it is to the top: at mount it puts the new scroller
 * where it already is (scrollTop 0, nothing painted yet), and `scrollTo` forces a style and layout of the new page,
 * like the size read above (docs/decisions/dashboard.md#no-forced-layout-at-mount).
 */
function scrollUnlessNewAtStart(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const element = instance.scrollElement;
  if (element && !scrolledTo.has(element)) {
    scrolledTo.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/**
 * The column headers, memoised on the sort: the table re-renders with every new order (most flushes at 10,000 × 1 Hz),
 * and its twelve headers with their icons were a third of the page's component renders
 * (docs/decisions/dashboard.md#headers-without-the-rows).
 */
const HeaderRow = memo(function HeaderRow({ sort, onSort }: { sort: SortState; onSort: (c: SortColumn) => void }) {
  return (
    <div role="rowgroup">
      <div role="row" aria-rowindex={1} className={`${classes.grid} ${classes.header}`}>
        {columns.map((column) => (
          <HeaderCell key={column.label} label={column.label} column={column.sort} sort={sort} onSort={onSort} />
        ))}
      </div>
    </div>
  );
});

function HeaderCell({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column?: SortColumn;
  sort: SortState;
  onSort: (c: SortColumn) => void;
}) {
  if (!column) {
    return (
      <div role="columnheader" className={classes.headerCell}>
        {label === 'Actions' ? (
          <>
            <span aria-hidden="true">⋮</span>
            <VisuallyHidden>Actions</VisuallyHidden>
          </>
        ) : (
          label
        )}
      </div>
    );
  }
  const active = sort.column === column;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const stacked = column === 'stage' ? classes.stageCell : column === 'pack' ? classes.packCell : '';
  return (
    <div role="columnheader" aria-sort={ariaSort} className={`${classes.headerCell} ${stacked}`}>
      <button type="button" className={classes.sortButton} onClick={() => onSort(column)}>
        {label}
        <DashboardIcon name={active ? (sort.direction === 'asc' ? 'arrow_upward' : 'arrow_downward') : 'unfold_more'} small />
      </button>
    </div>
  );
}
