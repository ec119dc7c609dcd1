import type { HistoryPoint, Probe } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { withLiveReport } from './history-live';

const probe = (timestamp: string, can: number, battery: number) =>
  ({
    report: {
      timestamp,
      readings: [
        { origin: 'CAN', temperature: can, valid: true },
        { origin: 'Thermocouple', temperature: 99, valid: false },
      ],
    },
    batteryPercentage: battery,
    assignment: { buildStage: { id: 3, name: 'Busbar welding' }, agv: null, batteryPack: { id: 2291, name: 'Pack 2291' } },
  }) as unknown as Probe;
const point: HistoryPoint = {
  t: '2026-11-22T10:00:00.000Z',
  internal: { min: 30, max: 34, mean: 32 },
  external: null,
  battery: 80,
  reports: 3,
  stageId: 3,
  packId: 2291,
};

describe('withLiveReport', () => {
  it('merges a report into the point of its minute, the mean weighted by the reports', () => {
    const [merged] = withLiveReport([point], 60, probe('2026-11-22T10:00:40.000Z', 36, 79));
    expect(merged).toEqual({ ...point, internal: { min: 30, max: 36, mean: 33 }, battery: 79, reports: 4 });
  });

  it('appends a point for a new minute, invalid readings left out', () => {
    const points = withLiveReport([point], 60, probe('2026-11-22T10:01:05.000Z', 31, 78));
    expect(points).toHaveLength(2);
    expect(points[1]).toEqual({
      t: '2026-11-22T10:01:00.000Z',
      internal: { min: 31, max: 31, mean: 31 },
      external: null,
      battery: 78,
      reports: 1,
      stageId: 3,
      packId: 2291,
    });
  });
});
