// The Plant page's lanes and list over the live store (docs/screens.md (Plant)): recounted from the store at most
// every recountIntervalMs after a batch (and each second, for watchdogs that run out between reports), not per
// report, and published only when what they show differs: 10,000 probes at 1 Hz re-render the lanes a few times a
// second at most (as the Dashboard's stage summary, stage-summary.ts).
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ProbeEntry } from '../../../live/stores/probe-entry';
import { probeStore, type ProbeStore } from '../../../live/stores/probe-store';
import { StoreRecount } from '../store-recount';
import {
  buildLanes,
  floorListOrder,
  laneMember,
  lineListOrder,
  plantStateOf,
  type Lane,
  type LaneMember,
  type PlantState,
} from './plant-lanes';

/** The probe's state on the Plant page, its watchdog read now. */
export const plantStateOfEntry = (store: ProbeStore, entry: ProbeEntry): PlantState =>
  plantStateOf(entry.probe.state.stateString, store.watchdog(entry).alerted);

export function laneMembers(store: ProbeStore): LaneMember[] {
  const members: LaneMember[] = [];
  for (const entry of store.allEntries()) {
    const { probeID, assignment } = entry.probe;
    members.push(laneMember(probeID, plantStateOfEntry(store, entry), assignment.buildStage, assignment.batteryPack));
  }
  return members;
}

const laneKey = (lanes: readonly Lane[]) =>
  lanes.map((l) => `${l.key}:${l.name}:${l.count}:${l.worst}:${l.more}:${l.shown.join(',')}`).join('|');

/** The lanes show order and membership; a tile follows its own probe at once, so half a second is live enough. */
const recountIntervalMs = 500;
/** Watchdogs run out between reports: recounted each second too. */
const watchdogTickMs = 1000;
/** The List re-sorts every probe: once a second is enough for a table read row by row. */
const listIntervalMs = 1000;

/** The Line view's lanes, each with room for `capacity` tiles. */
export function useLanes(capacity: number): readonly Lane[] {
  const [recount] = useState(() => {
    const state = { capacity };
    const model = new StoreRecount(
      probeStore,
      () => {
        const lanes = buildLanes(laneMembers(probeStore), state.capacity);
        return { value: lanes, key: laneKey(lanes) };
      },
      recountIntervalMs,
      watchdogTickMs,
      true,
    );
    return { model, state };
  });
  useEffect(() => {
    if (recount.state.capacity === capacity) return;
    recount.state.capacity = capacity;
    recount.model.recount(true);
  }, [recount, capacity]);
  return useSyncExternalStore(recount.model.subscribe, recount.model.get);
}

export type ListOrder = 'line' | 'floor';

/** Every probe for a List view, in the Line's order or worst first (the Floor's). */
export function usePlantList(order: ListOrder): readonly LaneMember[] {
  const [model] = useState(
    () =>
      new StoreRecount(
        probeStore,
        () => {
          const members = laneMembers(probeStore);
          const sorted = order === 'line' ? lineListOrder(members) : floorListOrder(members);
          return { value: sorted, key: sorted.map((m) => `${m.probeID}:${m.state}`).join(',') };
        },
        listIntervalMs,
        watchdogTickMs,
        true,
      ),
  );
  return useSyncExternalStore(model.subscribe, model.get);
}
