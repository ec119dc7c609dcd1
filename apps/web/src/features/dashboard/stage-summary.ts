// The Dashboard's per-stage summary (docs/screens.md (Stage summary)): every build stage the probes are at, with
// its Critical and Warning probes, worst first. Recounted from the store at most every summaryIntervalMs, not per
// report, and published only when it differs, so a flood re-renders the strip a few times a second at most.
import { useSyncExternalStore } from 'react';
import { probeStore, type ProbeStore } from '../../live/stores/probe-store';

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

const summaryIntervalMs = 250;

export class StageSummary {
  private stages: readonly StageCount[] = [];
  private key = '';
  private readonly listeners = new Set<() => void>();
  private unsubscribeStore: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly store: ProbeStore) {}

  getStages = (): readonly StageCount[] => this.stages;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.unsubscribeStore) {
      this.unsubscribeStore = this.store.subscribeBatch(() => this.schedule());
      this.recount(false);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.unsubscribeStore?.();
      this.unsubscribeStore = null;
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
    };
  };

  private schedule(): void {
    if (this.timer === null) this.timer = setTimeout(() => this.recount(true), summaryIntervalMs);
  }

  private recount(notify: boolean): void {
    this.timer = null;
    const stages = countStages(this.store.allEntries());
    const key = JSON.stringify(stages);
    if (key === this.key) return;
    this.key = key;
    this.stages = stages;
    if (notify) for (const listener of this.listeners) listener();
  }
}

const stageSummary = new StageSummary(probeStore);

export const useStageSummary = (): readonly StageCount[] => useSyncExternalStore(stageSummary.subscribe, stageSummary.getStages);
