// The Dashboard's per-stage summary (docs/screens.md (Stage summary)): every build stage the probes are at, with
// its Critical and Warning probes, worst first. Recounted from the store at most every summaryIntervalMs, not per
// report, and published only when it differs, so a flood re-renders the strip a few times a second at most.
import { useSyncExternalStore } from 'react';
import { probeStore } from '../../live/stores/probe-store';
import { StoreRecount } from './store-recount';

export interface StageCount {
  id: number;
  name: string;
  critical: number;
  warning: number;
}

/** Worst first: more Critical, then more Warning, then by name. */
export function byDanger(a: StageCount, b: StageCount): number {
  return b.critical - a.critical || b.warning - a.warning || a.name.localeCompare(b.name);
}

export function countStages(
  entries: Iterable<{
    probe: { state: { stateString: string }; assignment: { buildStage: { id: number; name: string } | null } };
  }>,
): StageCount[] {
  const stages = new Map<number, StageCount>();
  for (const { probe } of entries) {
    const stage = probe.assignment.buildStage;
    if (!stage) continue;
    let count = stages.get(stage.id);
    if (!count) stages.set(stage.id, (count = { id: stage.id, name: stage.name, critical: 0, warning: 0 }));
    if (probe.state.stateString === 'Critical') count.critical += 1;
    else if (probe.state.stateString === 'Warning') count.warning += 1;
  }
  return [...stages.values()].sort(byDanger);
}

const summaryIntervalMs = 500;

const stageSummary = new StoreRecount(
  probeStore,
  () => {
    const stages = countStages(probeStore.allEntries());
    return { value: stages as readonly StageCount[], key: JSON.stringify(stages) };
  },
  summaryIntervalMs,
);

export const useStageSummary = (): readonly StageCount[] => useSyncExternalStore(stageSummary.subscribe, stageSummary.get);
