// The probes' current state in memory: the engine's records by probeID, and the published Probe
// of each (the last one sent, so GET /probes answers without rebuilding it). One instance per app.
import type { Probe, StateString } from '@bpm/protocol';
import { publishedProbe, type PublishedProbe } from '../../engine/evaluation.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { stateOf } from '../../engine/probe-state.js';

export class ProbeRegistry {
  private readonly records = new Map<string, ProbeRecord>();
  private readonly probes = new Map<string, PublishedProbe>();

  get size(): number {
    return this.records.size;
  }

  get(probeID: string): ProbeRecord | undefined {
    return this.records.get(probeID);
  }

  set(record: ProbeRecord, published: PublishedProbe): void {
    this.records.set(record.probeID, record);
    this.probes.set(record.probeID, published);
  }

  /** Restores a record read from the snapshot; its published form carries no transient events. */
  restore(record: ProbeRecord): PublishedProbe {
    const published = publishedProbe(record);
    this.set(record, published);
    return published;
  }

  delete(probeID: string): boolean {
    this.probes.delete(probeID);
    return this.records.delete(probeID);
  }

  allRecords(): IterableIterator<ProbeRecord> {
    return this.records.values();
  }

  allProbes(): Probe[] {
    return [...this.probes.values()].map((p) => p.probe);
  }

  countByState(): Record<StateString, number> {
    const counts: Record<StateString, number> = { Disabled: 0, Normal: 0, Warning: 0, Critical: 0 };
    for (const record of this.records.values()) counts[stateOf(record)] += 1;
    return counts;
  }
}
