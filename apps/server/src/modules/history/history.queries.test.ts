// Downsampling in the database (selectBuckets) on a migrated SQLite file: merged buckets keep the true
// min and max, weight the mean by the readings behind each minute and carry the last battery.
import { describe, expect, it } from 'vitest';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { bucketMinutes, minuteStartMs, toMinute, toPoint, type MinuteRow } from './history-aggregate.js';
import { insertMinutes, selectBuckets } from './history.queries.js';

const storage = tempSqliteDatabase('bpm-history-q-');

const row = (minute: number, min: number, max: number, mean: number, n: number, battery: number | null = 500): MinuteRow => ({
  minute,
  reports: n,
  in_min: min,
  in_max: max,
  in_mean: mean,
  in_n: n,
  ex_min: null,
  ex_max: null,
  ex_mean: null,
  ex_n: 0,
  battery,
});
const nowhere = { stageId: null, packId: null };

describe('selectBuckets', () => {
  it('keeps the true min and max of merged minutes and weights the mean by the readings behind it', async () => {
    await insertMinutes(storage.db, [
      { probe_key: 1, ...row(300, 2000, 2100, 2050, 60, 800) },
      { probe_key: 1, ...row(301, 1500, 4000, 3000, 20, 795) },
      { probe_key: 1, ...row(302, 2200, 2300, 2250, 20, null) },
      { probe_key: 2, ...row(301, -9000, 9000, 0, 60) },
    ]);
    const [bucket, ...rest] = await selectBuckets(storage.db, 1, 300, 303, 3);
    expect(rest).toEqual([]);
    expect(toPoint(bucket!, 3, nowhere)).toEqual({
      t: new Date(minuteStartMs(300)).toISOString(),
      internal: { min: 15, max: 40, mean: Math.round((2050 * 60 + 3000 * 20 + 2250 * 20) / 100) / 100 },
      external: null,
      battery: 79.5,
      reports: 100,
      stageId: null,
      packId: null,
    });
  });

  it('answers at most 2,000 aligned buckets for 31 days, the extremes kept', async () => {
    const from = toMinute(Date.UTC(2026, 9, 1));
    const to = from + 31 * 1440;
    const rows = Array.from({ length: to - from }, (_, i) => ({
      probe_key: 3,
      ...row(from + i, 2000 + (i % 97), 2100 + (i % 89), 2050, 60),
    }));
    rows[12_345] = { probe_key: 3, ...row(from + 12_345, -800, 9900, 2050, 60) };
    for (let i = 0; i < rows.length; i += 1000) await insertMinutes(storage.db, rows.slice(i, i + 1000));
    const size = bucketMinutes(from, to, 2000);
    const buckets = await selectBuckets(storage.db, 3, from, to, size);
    expect(buckets.length).toBeLessThanOrEqual(2000);
    const points = buckets.map((b) => toPoint(b, size, nowhere));
    expect(Math.min(...points.map((p) => p.internal!.min))).toBe(-8);
    expect(Math.max(...points.map((p) => p.internal!.max))).toBe(99);
    expect(points.reduce((sum, p) => sum + p.reports, 0)).toBe(60 * (to - from));
    for (const p of points) expect((Date.parse(p.t) - minuteStartMs(0)) % (size * 60_000)).toBe(0);
  });

  it('merges a whole range into one bucket without a size, and answers nothing for an empty range', async () => {
    const [all] = await selectBuckets(storage.db, 1, 0, 1000);
    expect(all).toMatchObject({ bucket: 0, last_minute: 302, reports: 100, in_min: 1500, in_max: 4000 });
    expect(await selectBuckets(storage.db, 1, 2000, 3000)).toEqual([]);
  });
});
