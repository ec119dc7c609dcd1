// The Probes table's row order as a React value: a ProbeOrder over the live store, re-read only when it changes,
// held still while the operator points at the rows (docs/operator-screen.md).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { probeStore } from '../../live/stores/probe-store';
import { ProbeOrder } from './probe-order';
import type { SortState } from './probe-sort';

export interface ProbeOrderView {
  order: readonly string[];
  /** A new order waits for the hold to end. */
  isPending: boolean;
  /** Probes pinned to the top because they turned Critical while the order was held. */
  newCritical: number;
}

export function useProbeOrder(sort: SortState, filter: string, stageID: number | null, held = false): ProbeOrderView {
  const [order] = useState(() => new ProbeOrder(probeStore, sort, filter, stageID));
  useEffect(() => order.setSort(sort), [order, sort]);
  useEffect(() => order.setFilter(filter), [order, filter]);
  useEffect(() => order.setStage(stageID), [order, stageID]);
  useEffect(() => order.setHeld(held), [order, held]);
  const rows = useSyncExternalStore(order.subscribe, order.getOrder);
  const isPending = useSyncExternalStore(order.subscribe, order.isPending);
  const newCritical = useSyncExternalStore(order.subscribe, order.getNewCritical);
  return { order: rows, isPending, newCritical };
}
