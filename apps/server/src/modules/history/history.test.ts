// The history API against the real app (inject) with an injected clock: exact minute aggregates,
// CSV, bad input, retention, and a restart losing at most the current minute.
import type { PackHistory, PackSummary, ProbeHistory } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../../testing/temp-storage.js';
import { createTestApp, withCookie } from '../../testing/test-app.js';
import { toMinute, toPoint } from './history-aggregate.js';
import { selectBuckets, selectHourBuckets } from './history.queries.js';
import { at, get, iso, placeOf, post, report, setClockStep, t, t0, useHistoryApp } from './history-api.testing.js';

useHistoryApp();

describe('GET /probes/{id}/history', () => {
  it('answers the exact minute aggregates of known readings, the live minute included', async () => {
    at(0, 5);
    await post(report('H-1', 30, 28, { batteryPercentage: 90 }));
    at(0, 35);
    await post(report('H-1', 34, 26, { batteryPercentage: 89.5 }));
    at(0, 50);
    // Invalid readings count as a report but not in the statistics.
    await post({
      probeID: 'H-1',
      readings: [
        { origin: 'CAN', temperature: 99, valid: false },
        { origin: 'Thermocouple', temperature: 27, valid: true },
      ],
    });
    at(1, 10);
    await post(report('H-1', null, 40, { batteryPercentage: 88 }));
    at(2, 0);
    await post(report('H-1', 35, 30, { batteryPercentage: 87 }));
    at(2, 30);

    const response = await get(`/api/probes/H-1/history?from=${iso(0)}&to=${iso(2, 30)}`);
    expect(response.statusCode).toBe(200);
    const history = response.json<ProbeHistory>();
    expect(history.resolutionSeconds).toBe(60);
    expect(history.points).toEqual([
      {
        t: iso(0),
        internal: { min: 30, max: 34, mean: 32 },
        external: { min: 26, max: 28, mean: 27 },
        battery: 89.5,
        reports: 3,
        stageId: null,
        packId: null,
      },
      {
        t: iso(1),
        internal: null,
        external: { min: 40, max: 40, mean: 40 },
        battery: 88,
        reports: 1,
        stageId: null,
        packId: null,
      },
      {
        t: iso(2),
        internal: { min: 35, max: 35, mean: 35 },
        external: { min: 30, max: 30, mean: 30 },
        battery: 87,
        reports: 1,
        stageId: null,
        packId: null,
      },
    ]);
  });

  it('answers the last hour by default and merges minutes into wider buckets for long spans', async () => {
    at(3);
    await post(report('H-2', 20, 20));
    const hour = (await get('/api/probes/H-2/history')).json<ProbeHistory>();
    expect(Date.parse(hour.to) - Date.parse(hour.from)).toBe(3_600_000);
    expect(hour.points).toHaveLength(1);
    const month = (await get(`/api/probes/H-2/history?from=${iso(-30 * 1440)}&to=${iso(3)}`)).json<ProbeHistory>();
    expect(month.resolutionSeconds).toBeGreaterThan(60);
    expect(month.points).toHaveLength(1);
  });

  it('answers 404 for an unknown probe and 400 naming the field for bad dates', async () => {
    expect((await get('/api/probes/NOPE/history')).statusCode).toBe(404);
    const bad = async (query: string, path: string) => {
      const response = await get(`/api/probes/H-1/history?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].path).toBe(path);
      expect(response.json().message).toContain(path);
    };
    await bad('from=yesterday', 'from');
    await bad(`from=${iso(0)}&to=not-a-date`, 'to');
    await bad(`from=${iso(10)}&to=${iso(0)}`, 'from');
    await bad(`from=${iso(-32 * 1440)}&to=${iso(0)}`, 'to');
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/probes/H-1/history', {})).statusCode).toBe(401);
    expect((await get('/api/packs?q=1', {})).statusCode).toBe(401);
  });

  it('exports CSV', async () => {
    const response = await get(`/api/probes/H-1/history.csv?from=${iso(0)}&to=${iso(2, 30)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment; filename="BPM_history_H-1_');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'time,internal_min,internal_max,internal_mean,external_min,external_max,external_mean,battery,reports,stage_id,pack_id',
    );
    expect(lines[1]).toBe(`${iso(0)},30,34,32,26,28,27,89.5,3,,`);
    expect(lines).toHaveLength(4);
  });
});
describe('retention', () => {
  it('prunes the whole hours older than BPM_HISTORY_MAX_AGE_DAYS: minutes, roll-ups and carriages', async () => {
    at(20);
    await post(report('R-1', 25, 25, { assignment: placeOf(1, 9, 6001) }));
    await post(report('R-2', 25, 25, { assignment: placeOf(1, 8, 6002) }));
    at(60);
    await post(report('R-1', 26, 26, { assignment: placeOf(2, 9, 6001) }));
    at(62);
    await t.app.historyService.rollUp();
    at(30 * 1440 + 75);
    await post(report('R-1', 27, 27, { assignment: placeOf(3, 9, 6001) }));
    await t.app.historyService.prune();
    // The cutoff (30 days ago, minute 75) is taken back to its hour: minute 20 goes, minute 60 stays.
    const history = (await get(`/api/probes/R-1/history?from=${iso(0)}&to=${iso(120)}`)).json<ProbeHistory>();
    expect(history.points.map((p) => p.t)).toEqual([iso(60)]);
    const long = (await get(`/api/probes/R-1/history?from=${iso(0)}&to=${iso(20 * 1440)}`)).json<ProbeHistory>();
    expect(long.points.map((p) => [p.t, p.internal?.mean])).toEqual([[iso(60), 26]]);
    const carriages = (await get('/api/packs/6001/history')).json<PackHistory>().carriages;
    expect(carriages.map((c) => c.buildStage?.id)).toEqual([2, 3]);

    // An hour later the next prune deletes the hour that left the retention (many probes a statement).
    at(30 * 1440 + 135);
    await t.app.historyService.prune();
    expect((await get(`/api/probes/R-1/history?from=${iso(0)}&to=${iso(120)}`)).json<ProbeHistory>().points).toEqual([]);
    expect((await get(`/api/probes/R-1/history?from=${iso(0)}&to=${iso(20 * 1440)}`)).json<ProbeHistory>().points).toEqual([]);

    // A pack's name goes a day after its last minute.
    expect((await get('/api/packs?q=6002')).json<PackSummary[]>().map((p) => p.id)).toEqual([6002]);
    at(31 * 1440 + 135);
    await t.app.historyService.prune();
    expect((await get('/api/packs?q=600')).json<PackSummary[]>().map((p) => p.id)).toEqual([6001]);
    expect((await get('/api/packs/6002/history')).statusCode).toBe(404);
  });
});

describe('hourly roll-up', () => {
  const base = 40 * 1440; // on an hour (t0 is)
  const keyOf = async (probeID: string) =>
    (await t.app.db.selectFrom('history_probes').select('probe_key').where('probe_id', '=', probeID).executeTakeFirstOrThrow())
      .probe_key;

  it('answers long spans in whole hours from the roll-up exactly as the minutes do, a minute written late included', async () => {
    // Three hours of one probe: several reports a minute, an invalid reading, a minute without internal readings.
    const feed: Array<[number, number, number | null, number]> = [];
    for (let minute = 5; minute < 170; minute += 7) {
      feed.push(
        [minute, 0, 20 + (minute % 13), 15 + (minute % 5)],
        [minute, 30, minute % 3 === 0 ? null : 25 + (minute % 11), 18],
      );
    }
    for (const [minute, second, internal, external] of feed) {
      at(base + minute, second);
      await post(report('U-1', internal, external, { batteryPercentage: 90 - minute / 10 }));
    }
    at(base + 180);
    await t.app.historyService.rollUp();
    const key = await keyOf('U-1');
    const first = toMinute(t0) + base;
    const minutes = (size: number) => selectBuckets(t.app.db, key, first, first + 180, size);
    const hours = (k: number) => selectHourBuckets(t.app.db, key, first / 60, first / 60 + 3, k);
    expect(await hours(1)).toEqual(await minutes(60));
    expect(await hours(2)).toEqual(await minutes(120));
    expect((await hours(1)).map((h) => h.reports)).toEqual([16, 18, 14]);

    // A minute written after its hour was rolled up (a backfill) counts at once, and in the next roll-up.
    t.app.historyService.recordAt('U-1', t0 + (base + 3) * 60_000, [{ origin: 'CAN', temperature: -5, valid: true }], 90, null);
    await t.app.historyService.flushFinished();

    // Over 8 days: buckets of an hour; the hours come from the roll-up, the minutes after it and the live one from the minute
    // table.
    at(base + 200);
    await post(report('U-1', 50, 50, { batteryPercentage: 10 }));
    const long = () =>
      get(`/api/probes/U-1/history?from=${iso(base - 10 * 1440)}&to=${iso(base + 200)}`).then((r) => r.json<ProbeHistory>());
    const before = await long();
    expect(before.resolutionSeconds).toBe(3600);
    expect(before.points.map((p) => p.t)).toEqual([iso(base), iso(base + 60), iso(base + 120), iso(base + 180)]);
    expect(before.points[0]).toMatchObject({ internal: { min: -5 }, reports: 17 });
    expect(before.points[3]).toMatchObject({ internal: { min: 50, max: 50, mean: 50 }, battery: 10, reports: 1 });
    const fromMinutes = async () => (await minutes(60)).map((b) => toPoint(b, 60, { stageId: null, packId: null }));
    expect(before.points.slice(0, 3)).toEqual(await fromMinutes());

    at(base + 241);
    await t.app.historyService.rollUp();
    expect(await hours(1)).toEqual(await minutes(60));
    expect((await long()).points.slice(0, 3)).toEqual(await fromMinutes());
  });
});

describe('restart', () => {
  it('loses at most the current minute', async () => {
    const dataDir = tempDataDir('bpm-history-');
    let clock = t0;
    const config = { dataDir, history: { maxAgeDays: 30, clock: () => clock } };
    const first = await createTestApp(config);
    const cookie = withCookie(await first.loginAsAdmin());
    for (let second = 0; second < 150; second += 10) {
      clock = t0 + second * 1000;
      await first.app.inject({
        method: 'POST',
        url: '/api/probes/reports',
        headers: cookie,
        payload: report('RS-1', 30 + second / 10, 25),
      });
    }
    await first.close();
    const second = await createTestApp(config);
    const history = await second.app.inject({
      method: 'GET',
      url: `/api/probes/RS-1/history?from=${iso(0)}&to=${iso(3)}`,
      headers: withCookie(await second.loginAsAdmin()),
    });
    expect(history.json<ProbeHistory>().points.map((p) => [p.t, p.internal?.min, p.internal?.max, p.reports])).toEqual([
      [iso(0), 30, 35, 6],
      [iso(1), 36, 41, 6],
      [iso(2), 42, 44, 3],
    ]);
    await second.close();
  });
});
describe('a batch', () => {
  it('is recorded at one time of receipt: its reports share a minute even when the clock moves meanwhile', async () => {
    const minute = 40 * 1440;
    at(minute, 59);
    setClockStep(60_000); // every read of the history clock a minute later
    try {
      await post([report('H-BATCH', 30, 20), report('H-BATCH', 32, 22), report('H-BATCH', 34, 24)]);
    } finally {
      setClockStep(0);
    }
    // The batch's minute is the first read's, unless the history's own 1 s timer read the stepping clock
    // first while the request ran (a loaded machine): then a later minute. So any minute of the next two
    // hours (minute points still), as long as it is one (docs/decisions/testing.md#wait-for-what-a-client-can-observe).
    at(minute + 120, 30);
    const history = (
      await get(`/api/probes/H-BATCH/history?from=${iso(minute - 1)}&to=${iso(minute + 120, 30)}`)
    ).json<ProbeHistory>();
    expect(history.points.map((p) => p.reports)).toEqual([3]);
    expect(Date.parse(history.points[0]!.t)).toBeGreaterThanOrEqual(Date.parse(iso(minute)));
    expect(history.points[0]!.internal).toEqual({ min: 30, max: 34, mean: 32 });
  });
});
