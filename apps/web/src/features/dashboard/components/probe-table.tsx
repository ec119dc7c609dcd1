// The Probes table (docs/screens.md (Probes table)): sortable headers over a virtualised body. The body re-renders when the row
// order changes or the user scrolls; each row updates itself from the store.
import { VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useLayoutEffect, useRef } from 'react';
import { alarmStore } from '../../../live/alarm-store';
import { probeStore } from '../../../live/probe-store';
import { ProbeRow, type ProbeRowProps } from './probe-row';
import type { SortColumn, SortState } from '../probe-sort';
import classes from './dashboard.module.css';
import { DashboardIcon } from './dashboard-icon';

export const rowHeightPx = 40;

const columns: { label: string; sort?: SortColumn }[] = [
  { label: 'ID', sort: 'probeID' },
  { label: 'Status', sort: 'status' },
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
}: ProbeTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // A new order is rendered in the background, in slices React can interrupt: mounting the first screenful of
  // rows (cold Mantine menus, cells, rings) was one ~100 ms task in the frame that applied the snapshot's first
  // chunk (docs/decisions/dashboard.md, Round 4). Each row still reads its probe live from the store.
  const rows = useDeferredValue(order);
  useHoldWhileFirstRowsRender(rows.length === 0 && order.length > 0);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeightPx,
    overscan: 6,
    // Index keys (the default) keep the virtualiser's measurement cache valid when only the order changes;
    // React still keys each row by its probe ID below.
    // jsdom has no layout; a default viewport keeps the first rows rendered in component tests.
    initialRect: { width: 1200, height: 800 },
  });
  return (
    <div
      ref={scroller}
      className={classes.scroller}
      onPointerEnter={() => onPointerOver(true)}
      onPointerLeave={() => onPointerOver(false)}
    >
      <div role="table" aria-label="Probes" aria-rowcount={rows.length + 1} className={stale ? classes.stale : undefined}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={`${classes.grid} ${classes.header}`}>
            {columns.map((column) => (
              <HeaderCell key={column.label} label={column.label} column={column.sort} sort={sort} onSort={onSort} />
            ))}
          </div>
        </div>
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {rows.length === 0 && <div className={classes.empty}>{emptyText}</div>}
          {virtualizer.getVirtualItems().map((item) => (
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

/** Longest the store waits for the first rows: the feed must not stall if their render is starved of a core. */
export const firstRowsHoldMaxMs = 1000;

/**
 * While the first rows render in the background (the table was empty, the order is not), the probe store keeps
 * the later messages (the snapshot's later parts) queued and the alarm store its notifications. Each applied
 * chunk changes the counts and the row order, and each live alarms message the top bar's count: urgent updates,
 * which make React restart the rows' render from scratch, so the first paint waited for them to stop
 * (docs/decisions/dashboard.md, Round 10). Taken in a layout effect: before the next animation frame's flush.
 */
function useHoldWhileFirstRowsRender(firstRowsPending: boolean) {
  useLayoutEffect(() => {
    if (!firstRowsPending) return;
    const releases = [probeStore.holdMessages(firstRowsHoldMaxMs), alarmStore.holdNotifications(firstRowsHoldMaxMs)];
    return () => releases.forEach((release) => release());
  }, [firstRowsPending]);
}

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
  return (
    <div role="columnheader" aria-sort={ariaSort} className={classes.headerCell}>
      <button type="button" className={classes.sortButton} onClick={() => onSort(column)}>
        {label}
        <DashboardIcon name={active ? (sort.direction === 'asc' ? 'arrow_upward' : 'arrow_downward') : 'unfold_more'} small />
      </button>
    </div>
  );
}
