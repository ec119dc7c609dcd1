// The Probes table's row order as a React value: a ProbeOrder over the live store, re-read only when it changes.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { probeStore } from '../../live/probe-store';
import { ProbeOrder } from './probe-order';
import type { SortState } from './probe-sort';

export function useProbeOrder(sort: SortState, filter: string): readonly string[] {
  const [order] = useState(() => new ProbeOrder(probeStore, sort, filter));
  useEffect(() => order.setSort(sort), [order, sort]);
  useEffect(() => order.setFilter(filter), [order, filter]);
  return useSyncExternalStore(order.subscribe, order.getOrder);
}
