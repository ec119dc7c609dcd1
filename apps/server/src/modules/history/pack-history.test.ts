// Pack history against the real app (inject): a pack's carriages through stages and probes, pack search,
// and the alarms raised during a carriage (docs/history.md).
import type { PackHistory, PackSummary, ProbeHistory } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { createTestApp, withCookie } from '../../testing/test-app.js';
import { at, get, iso, placeOf, post, report, useHistoryApp } from './history-api.testing.js';

useHistoryApp();

describe('GET /packs/{packId}/history', () => {
  it('answers a pack carried by two probes through three stages as three carriages in order', async () => {
    // Minutes 10–11: probe A at stage 1; 12–13: A at stage 2 (stage changes inside minute 12);
    // 14–15: probe B (AGV 8) at stage 3; A goes back to no pack.
    const pack = 5001;
    const steps: Array<[number, number, string, number, number, number, number | null]> = [
      // minute, second, probe, stage, agv, temperature, pack
      [10, 0, 'PK-A', 1, 7, 20, pack],
      [10, 30, 'PK-A', 1, 7, 22, pack],
      [11, 0, 'PK-A', 1, 7, 24, pack],
      [12, 10, 'PK-A', 1, 7, 26, pack],
      [12, 40, 'PK-A', 2, 7, 30, pack],
      [13, 0, 'PK-A', 2, 7, 32, pack],
      [14, 0, 'PK-A', 2, 7, 21, null],
      [14, 5, 'PK-B', 3, 8, 40, pack],
      [15, 5, 'PK-B', 3, 8, 50, pack],
    ];
    for (const [minute, second, probe, stage, agv, temperature, packId] of steps) {
      at(minute, second);
      await post(report(probe, temperature, temperature - 1, { assignment: placeOf(stage, agv, packId) }));
    }
    at(15, 30);
    const response = await get(`/api/packs/${pack}/history`);
    expect(response.statusCode).toBe(200);
    const history = response.json<PackHistory>();
    expect(history.batteryPack).toEqual({ id: pack, name: 'Pack 5001' });
    expect(history.carriages).toEqual([
      {
        probeID: 'PK-A',
        agv: { id: 7, name: 'AGV-7' },
        buildStage: { id: 1, name: 'Cell stacking' },
        from: iso(10),
        to: iso(12),
        internal: { min: 20, max: 24, mean: 22 },
        external: { min: 19, max: 23, mean: 21 },
        alarms: [],
      },
      {
        probeID: 'PK-A',
        agv: { id: 7, name: 'AGV-7' },
        buildStage: { id: 2, name: 'Module assembly' },
        from: iso(12),
        to: iso(14),
        internal: { min: 26, max: 32, mean: 29.33 },
        external: { min: 25, max: 31, mean: 28.33 },
        alarms: [],
      },
      {
        probeID: 'PK-B',
        agv: { id: 8, name: 'AGV-8' },
        buildStage: { id: 3, name: 'Busbar welding' },
        from: iso(14),
        to: iso(16),
        internal: { min: 40, max: 50, mean: 45 },
        external: { min: 39, max: 49, mean: 44 },
        alarms: [],
      },
    ]);

    const csv = await get(`/api/packs/${pack}/history.csv`);
    expect(csv.body.split('\r\n')[1]).toBe(`${pack},Pack 5001,PK-A,AGV-7,Cell stacking,${iso(10)},${iso(12)},20,24,22,19,23,21,`);

    // The probe's own history names the minute's pack and stage (the stage of the minute's last report).
    const probe = (await get(`/api/probes/PK-A/history?from=${iso(10)}&to=${iso(14)}`)).json<ProbeHistory>();
    expect(probe.points.map((p) => [p.stageId, p.packId])).toEqual([
      [1, pack],
      [1, pack],
      [2, pack],
      [2, pack],
      [null, null],
    ]);
  });

  it('finds packs by id or name and answers 404 for an unknown pack', async () => {
    const byName = (await get('/api/packs?q=pack 50')).json<PackSummary[]>();
    expect(byName.map((p) => p.name)).toContain('Pack 5001');
    const byId = (await get('/api/packs?q=5001')).json<PackSummary[]>();
    expect(byId[0]).toMatchObject({ id: 5001, name: 'Pack 5001' });
    expect((await get('/api/packs?q=zzz')).json()).toEqual([]);
    expect((await get('/api/packs/999999/history')).statusCode).toBe(404);
    expect((await get('/api/packs/abc/history')).statusCode).toBe(400);
  });
});
describe('a carriage lists the alarms raised during it', () => {
  it('answers the id of an overheating alarm raised while the probe carried the pack', async () => {
    const live = await createTestApp(); // the real clock for probes, alarms and history alike
    try {
      const headers = withCookie(await live.loginAsAdmin());
      const send = (temperature: number) =>
        live.app.inject({
          method: 'POST',
          url: '/api/probes/reports',
          headers,
          payload: report('PK-ALARM', temperature, 25, { assignment: placeOf(3, 9, 7001) }) as object,
        });
      expect((await send(30)).statusCode).toBe(202);
      expect((await send(70)).statusCode).toBe(202);
      const alarms = (await live.app.inject({ method: 'GET', url: '/api/alarms?probeID=PK-ALARM', headers })).json<
        Array<{ id: number; event: number }>
      >();
      expect(alarms.length).toBeGreaterThan(0);
      const history = (await live.app.inject({ method: 'GET', url: '/api/packs/7001/history', headers })).json<PackHistory>();
      expect(history.carriages).toHaveLength(1);
      expect(history.carriages[0]!.alarms).toEqual(alarms.map((a) => a.id).sort((a, b) => a - b));
    } finally {
      await live.close();
    }
  });
});
