// The probes' current state in memory: the engine's record of each probe, by probeID. One instance
// per app. Published Probes are built from the records when asked for (GET /probes), not kept.
import type { Probe, StateString } from '@bpm/protocol';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { stateOf, toProbe } from '../../engine/probe-state.js';

export class ProbeRegistry {
  private readonly records = new Map<string, ProbeRecord>();

  get size(): number {
    return this.records.size;
  }

  get(probeID: string): ProbeRecord | undefined {
    return this.records.get(probeID);
  }

  set(record: ProbeRecord): void {
    this.records.set(record.probeID, record);
  }

  delete(probeID: string): boolean {
    return this.records.delete(probeID);
  }

  /** Every probe's ID, in the order they were first seen (one array, no copy of the records). */
  probeIDs(): string[] {
    return [...this.records.keys()];
  }

  allRecords(): IterableIterator<ProbeRecord> {
    return this.records.values();
  }

  /** Current state with the active (persistent) events; transient ones went out with their update. */
  allProbes(): Probe[] {
    return [...this.records.values()].map((record) => toProbe(record));
  }

  countByState(): Record<StateString, number> {
    const counts: Record<StateString, number> = { Disabled: 0, Normal: 0, Warning: 0, Critical: 0 };
    for (const record of this.records.values()) counts[stateOf(record)] += 1;
    return counts;
  }
}
