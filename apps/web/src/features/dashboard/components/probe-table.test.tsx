// The Probes table's headers stay as they are when only the row order changes: the table re-renders with every new
// order, most flushes at 10,000 probes (docs/decisions/dashboard.md#headers-without-the-rows).
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProbe, probeData, systemConfig } from '../../../live/stores/probe-fixtures';
import { probeStore } from '../../../live/stores/probe-store';
import { renderWithProviders } from '../../../testing/render';
import { ProbeTable, type ProbeTableProps } from './probe-table';
import type { SortState } from '../probe-sort';

const renders = vi.hoisted(() => ({ DashboardIcon: 0 }));
vi.mock('./dashboard-icon', async (importOriginal) =>
  (await import('../../../testing/render-counts')).withRenderCounts(
    await importOriginal<typeof import('./dashboard-icon')>(),
    renders,
  ),
);

afterEach(() => {
  act(() => probeStore.reset());
});

const sort: SortState = { column: 'status', direction: 'desc' };
const noop = () => {};

/** The table, with its order and sort set from the test. */
const set: { order?: (order: readonly string[]) => void; sort?: (sort: SortState) => void } = {};
function Table() {
  const [order, setOrder] = useState<readonly string[]>(['P-1', 'P-2']);
  const [sortState, setSort] = useState(sort);
  set.order = setOrder;
  set.sort = setSort;
  const props: ProbeTableProps = {
    order,
    sort: sortState,
    onSort: noop,
    canDelete: false,
    onDetails: noop,
    onDelete: noop,
    onMenuChange: noop,
    onPointerOver: noop,
    stale: false,
    emptyText: 'No probes',
    listId: 'probes',
  };
  return <ProbeTable {...props} />;
}

describe('ProbeTable', () => {
  it('a new order re-renders no header; a new sort re-renders them', async () => {
    act(() => {
      probeStore.enqueue(systemConfig(10));
      probeStore.enqueue(probeData(makeProbe('P-1'), makeProbe('P-2')));
      probeStore.flush();
    });
    renderWithProviders(<Table />);
    expect(await screen.findByRole('cell', { name: 'P-2' })).toBeInTheDocument();
    const rowIDs = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.slice(0, 3));
    const before = renders.DashboardIcon;
    act(() => set.order!(['P-2', 'P-1']));
    expect(rowIDs()).toEqual(['P-2', 'P-1']);
    expect(renders.DashboardIcon - before).toBe(0);
    act(() => set.sort!({ column: 'probeID', direction: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'ascending');
    expect(renders.DashboardIcon - before).toBeGreaterThan(0);
  });
});
