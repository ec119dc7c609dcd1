// Minute aggregation and downsampling: valid and invalid readings, minute boundaries, an assignment
// change inside a minute, and bucket sizes for long spans.
import type { Assignment, Reading } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { bucketMinutes, toMinute, toRow } from './history-aggregate.js';
import { HistoryRecorder } from './history-recorder.js';

const can = (temperature: number, valid = true): Reading => ({ origin: 'CAN', temperature, valid });
const tc = (temperature: number, valid = true): Reading => ({ origin: 'Thermocouple', temperature, valid });
const place = (stage: number, pack: number): Assignment => ({
  buildStage: { id: stage, name: `Stage ${stage}` },
  agv: { id: 7, name: 'AGV-7' },
  batteryPack: { id: pack, name: `Pack ${pack}` },
  expectingCANData: true,
});
const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('HistoryRecorder', () => {
  it('keeps min, max and mean of valid readings only, the last battery and the report count', () => {
    const recorder = new HistoryRecorder();
    recorder.record('P-1', t0, [can(30), tc(28)], 80, null);
    recorder.record('P-1', t0 + 10_000, [can(34), tc(99, false)], 79.5, null);
    recorder.record('P-1', t0 + 20_000, [can(-5, false), tc(26)], null, null);
    const row = toRow(recorder.openMinuteOf('P-1')!);
    expect(row).toEqual({
      minute: toMinute(t0),
      reports: 3,
      in_min: 3000,
      in_max: 3400,
      in_mean: 3200,
      in_n: 2,
      ex_min: 2600,
      ex_max: 2800,
      ex_mean: 2700,
      ex_n: 2,
      battery: 795,
    });
  });

  it('answers null statistics for a minute without a valid reading of a kind', () => {
    const recorder = new HistoryRecorder();
    recorder.record('P-1', t0, [can(30, false)], null, null);
    expect(toRow(recorder.openMinuteOf('P-1')!)).toMatchObject({
      reports: 1,
      in_min: null,
      in_mean: null,
      in_n: 0,
      ex_n: 0,
      battery: null,
    });
  });

  it('finishes a minute at the boundary: 10:00:59.999 and 10:01:00.000 fall in different minutes', () => {
    const recorder = new HistoryRecorder();
    recorder.record('P-1', t0 + 59_999, [can(30)], 50, null);
    recorder.record('P-1', t0 + 60_000, [can(40)], 49, null);
    const finished = recorder.takeFinished();
    expect(finished.map((m) => [m.minute, m.inMax])).toEqual([[toMinute(t0), 30]]);
    expect(recorder.openMinuteOf('P-1')!.minute).toBe(toMinute(t0) + 1);
  });

  it('finishes the minutes of silent probes once the clock has passed them', async () => {
    const recorder = new HistoryRecorder();
    recorder.record('P-1', t0, [can(30)], 50, null);
    await recorder.sweep(t0 + 59_000);
    expect(recorder.takeFinished()).toEqual([]);
    await recorder.sweep(t0 + 60_000);
    expect(recorder.takeFinished().map((m) => m.probeID)).toEqual(['P-1']);
    expect(recorder.openMinuteOf('P-1')).toBeUndefined();
  });

  it('finishes a minute opened behind the open ones (a backfill) at the next sweep past it, and no other', async () => {
    const recorder = new HistoryRecorder();
    recorder.record('P-1', t0, [can(30)], 50, null);
    await recorder.sweep(t0 + 60_000);
    expect(recorder.takeFinished().map((m) => m.probeID)).toEqual(['P-1']);
    recorder.record('P-2', t0 + 120_000, [can(30)], 50, null);
    await recorder.sweep(t0 + 150_000);
    expect(recorder.takeFinished()).toEqual([]);
    recorder.record('P-3', t0 + 1_000, [can(30)], 50, null);
    await recorder.sweep(t0 + 150_000);
    expect(recorder.takeFinished().map((m) => [m.probeID, m.minute])).toEqual([['P-3', toMinute(t0)]]);
    await recorder.sweep(t0 + 180_000);
    expect(recorder.takeFinished().map((m) => m.probeID)).toEqual(['P-2']);
    expect(recorder.openMinuteOf('P-2')).toBeUndefined();
  });

  it('gives a minute the assignment of its last report when it changes inside the minute', () => {
    const recorder = new HistoryRecorder();
    recorder.record('P-1', t0 + 5_000, [can(30)], 50, place(3, 2291));
    recorder.record('P-1', t0 + 40_000, [can(31)], 50, place(4, 2291));
    expect(recorder.openMinuteOf('P-1')!.assignment?.buildStage?.id).toBe(4);
    recorder.record('P-1', t0 + 50_000, [can(31)], 50, null);
    expect(recorder.openMinuteOf('P-1')!.assignment).toBeNull();
  });
});

describe('bucketMinutes', () => {
  it('keeps minute resolution for an hour and never gives more than the maximum of aligned buckets', () => {
    expect(bucketMinutes(100, 161, 2000)).toBe(1);
    const from = toMinute(t0);
    for (const days of [1, 7, 30, 31]) {
      const to = from + days * 1440;
      const size = bucketMinutes(from, to, 2000);
      expect(Math.floor((to - 1) / size) - Math.floor(from / size) + 1).toBeLessThanOrEqual(2000);
    }
  });
});
