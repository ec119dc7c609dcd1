// The Probes table's row order as React values: one ProbeOrder over the live store per page, told the sort, filter,
// stage and hold, and read by the components that show it. The page itself does not read the order: a new order (several
// a second with 10,000 probes) re-renders only the list and the hold's status line, not the page's cards, filter and
// Mantine layout (docs/decisions/dashboard.md#order-read-below-the-page). Held still while the operator points at the
// rows (docs/operator-screen.md).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { probeStore } from '../../live/stores/probe-store';
import { ProbeOrder } from './probe-order';
import type { SortState } from './probe-sort';

/** The page's ProbeOrder, kept in step with what the user asked for. */
export function useProbeOrderSource(sort: SortState, filter: string, stageID: number | null, held = false): ProbeOrder {
  const [order] = useState(() => new ProbeOrder(probeStore, sort, filter, stageID));
  useEffect(() => order.setSort(sort), [order, sort]);
  useEffect(() => order.setFilter(filter), [order, filter]);
  useEffect(() => order.setStage(stageID), [order, stageID]);
  useEffect(() => order.setHeld(held), [order, held]);
  return order;
}

/** The rows in order, re-read only when the order changes. */
export const useOrderRows = (order: ProbeOrder): readonly string[] => useSyncExternalStore(order.subscribe, order.getOrder);

export interface OrderHoldStatus {
  /** A new order waits for the hold to end. */
  isPending: boolean;
  /** Probes pinned to the top because they turned Critical while the order was held. */
  newCritical: number;
}

export function useOrderHoldStatus(order: ProbeOrder): OrderHoldStatus {
  const isPending = useSyncExternalStore(order.subscribe, order.isPending);
  const newCritical = useSyncExternalStore(order.subscribe, order.getNewCritical);
  return { isPending, newCritical };
}
