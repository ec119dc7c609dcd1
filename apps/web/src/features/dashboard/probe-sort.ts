// Probes table sorting (docs/screens.md (Table sorting)): the sortable columns, their keys and the header-click rule;
// the comparator is the protocol's (shared with the server's snapshot part 0). Keys are read once per sort, so a
// 10,000-row sort compares plain numbers and strings.
import { compareKeyed, keyedProbe, type KeyedProbe, type SortDirection, type SortKey } from '@bpm/protocol';
import type { ProbeEntry } from '../../live/stores/probe-entry';

export type SortColumn = 'probeID' | 'status' | 'stage' | 'pack' | 'external' | 'internal' | 'assignment' | 'battery';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

/** Default sort is Status, descending, so Critical comes first. */
export const defaultSort: SortState = { column: 'status', direction: 'desc' };

/** Clicking the column already sorted flips it; another column starts ascending. */
export function nextSort(current: SortState, clicked: SortColumn): SortState {
  if (current.column === clicked) return { column: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column: clicked, direction: 'asc' };
}

export function sortKey(entry: ProbeEntry, column: SortColumn): SortKey {
  const probe = entry.probe;
  switch (column) {
    case 'probeID':
      return probe.probeID;
    case 'status':
      return probe.state.state;
    case 'external':
      // "by last valid reading": a current valid reading is also the last valid one.
      return entry.lastValidExternal;
    case 'internal':
      return entry.lastValidInternal;
    // By name; an unassigned probe sorts last, like one with no reading.
    case 'stage':
      return probe.assignment.buildStage?.name ?? null;
    case 'pack':
      return probe.assignment.batteryPack?.name ?? null;
    case 'assignment':
      return probe.isMonitoring ? 1 : 0;
    case 'battery':
      return probe.batteryPercentage;
  }
}

export function sortProbes(entries: Iterable<ProbeEntry>, sort: SortState): string[] {
  const keyed: KeyedProbe[] = [];
  for (const entry of entries) keyed.push(keyedProbe(entry.probe.probeID, sortKey(entry, sort.column)));
  keyed.sort(compareKeyed(sort.direction));
  return keyed.map((k) => k.probeID);
}

/**
 * Filter box (beyond the spec): probe ID, battery pack, AGV or build stage, case-insensitive; and the stage filter
 * (`?stage={id}`), when one is chosen.
 */
export function matchesFilter(entry: ProbeEntry, needle: string, stageID: number | null = null): boolean {
  if (stageID !== null && entry.probe.assignment.buildStage?.id !== stageID) return false;
  if (!needle) return true;
  const { probeID, assignment } = entry.probe;
  const fields = [probeID, assignment.batteryPack?.name, assignment.agv?.name, assignment.buildStage?.name];
  return fields.some((f) => f !== undefined && f.toLowerCase().includes(needle));
}
