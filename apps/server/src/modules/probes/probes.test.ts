// The probe API against the real app (inject): ingest, permissions, a bad batch, assignment, deletion,
// thresholds, probe data bounds and a large plant.
import { defaultSystemInfo, type Probe, type ProbeReportInput } from '@bpm/protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { createApiKey } from '../keys/keys.service.js';
import { assignment, report } from './probe-report.testing.js';

// One app for the file (password hashing at OWASP cost makes sign-ins slow); each test uses its own probe IDs.
let t: TestApp;
let admin: Record<string, string>;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = withCookie(await t.loginAsAdmin());
  await t.createUser({ username: 'olivia', password: 'operator-password', roleName: 'Operator' });
  operator = withCookie(await t.login('olivia', 'operator-password'));
});
afterAll(async () => t.close());
afterEach(async () => {
  await t.app.inject({ method: 'PUT', url: '/api/system/config', headers: admin, payload: defaultSystemInfo });
});

let prefix = '';
let testNumber = 0;
beforeEach(() => {
  prefix = `T${++testNumber}-`;
});
const id = (name: string) => `${prefix}${name}`;
const post = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: body as object });
/** This test's probes, by their short names. */
const probes = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/probes', headers: admin }))
    .json<Probe[]>()
    .filter((p) => p.probeID.startsWith(prefix))
    .map((p) => ({ ...p, probeID: p.probeID.slice(prefix.length) }));

describe('POST /probes/reports', () => {
  it('accepts one report or a batch, answering 202 with the counts', async () => {
    const one = await post(report(id('P-1')));
    expect(one.statusCode).toBe(202);
    expect(one.json()).toEqual({ accepted: 1, ignored: 0 });
    const batch = await post([report(id('P-2')), report(id('P-3'))]);
    expect(batch.json()).toEqual({ accepted: 2, ignored: 0 });
    const list = await probes();
    expect(list.map((p) => p.probeID).sort()).toEqual(['P-1', 'P-2', 'P-3']);
    expect(list[0]).toMatchObject({
      firmwareVersion: '2.4.1',
      isMonitoring: true,
      expectingCANData: true,
      batteryPercentage: 83.5,
    });
  });

  it('counts a report older than the probe’s last one as ignored', async () => {
    await post(report(id('P-1'), { timestamp: '2026-11-22T10:00:05.000Z', batteryPercentage: 50 }));
    const answer = await post([report(id('P-1'), { timestamp: '2026-11-22T10:00:04.000Z', batteryPercentage: 5 })]);
    expect(answer.json()).toEqual({ accepted: 0, ignored: 1 });
    expect((await probes())[0]!.batteryPercentage).toBe(50);
  });

  it('rejects a whole batch with a bad item, naming index and field, and applies nothing', async () => {
    const bad = [
      report(id('P-1')),
      report(id('P-2')),
      report(id('P-3')),
      report(id('P-4'), { readings: [{ origin: 'CAN', temperature: 'hot' as unknown as number, valid: true }] }),
    ];
    const answer = await post(bad);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([expect.objectContaining({ path: '3.readings.0.temperature' })]);
    expect(await probes()).toEqual([]);
    const badId = await post([report('no spaces allowed')]);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].path).toBe('0.probeID');
  });

  it('takes reports from a gateway with an API key, also on the api. host', async () => {
    const admin = await t.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const key = await createApiKey(t.app.db, {
      userId: admin.id,
      name: 'gateway',
      expirationDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const bearer = { authorization: `Bearer ${key.token}` };
    expect((await post([report(id('P-1'))], bearer)).json()).toEqual({ accepted: 1, ignored: 0 });
    const viaApiHost = await t.app.inject({
      method: 'POST',
      url: '/probes/reports',
      headers: { ...bearer, host: 'api.plant.test' },
      payload: [report(id('P-2'))],
    });
    expect(viaApiHost.statusCode).toBe(202);
    expect((await probes()).map((p) => p.probeID).sort()).toEqual(['P-1', 'P-2']);
  });

  it('refuses a body that is not JSON, or that smuggles a __proto__ key', async () => {
    const headers = { ...admin, 'content-type': 'application/json' };
    const notJson = await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: '[{"probeID":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('Request body is not valid JSON');
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/probes/reports',
      headers,
      payload: `[{"probeID":"${id('P-1')}","__proto__":{"isAdmin":true}}]`,
    });
    expect(proto.statusCode).toBe(400);
    expect(await probes()).toEqual([]);
  });

  it('needs a signed-in caller with Probes WRITE', async () => {
    expect((await post(report(id('P-1')), {})).statusCode).toBe(401);
    expect((await post(report(id('P-1')), operator)).statusCode).toBe(403);
    // Any signed-in user may read the probes and the thresholds.
    expect((await t.app.inject({ method: 'GET', url: '/api/probes', headers: operator })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/system/config', headers: operator })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/probes' })).statusCode).toBe(401);
  });
});

describe('PUT /probes/{id}/assignment and DELETE /probes/{id}', () => {
  it('sets and clears the assignment without a report', async () => {
    await post(report(id('P-1')));
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/probes/${id('P-1')}/assignment`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ isMonitoring: false, assignment: { buildStage: null, agv: null, batteryPack: null } });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/probes/${id('P-1')}/assignment`,
      headers: admin,
      payload: assignment,
    });
    expect(set.json().isMonitoring).toBe(true);
    expect(set.json().events.map((e: { event: number }) => e.event)).toEqual([40]);
  });

  it('answers 404 for an unknown probe', async () => {
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/probes/${id('P-9')}/assignment`,
      headers: admin,
      payload: assignment,
    });
    expect(answer.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/probes/${id('P-9')}`, headers: admin })).statusCode).toBe(404);
  });

  it('deletes a probe (Probes DELETE); an Operator may not', async () => {
    await post(report(id('P-1')));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/probes/${id('P-1')}`, headers: operator })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/probes/${id('P-1')}/assignment`, headers: operator, payload: assignment }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/probes/${id('P-1')}`, headers: admin })).statusCode).toBe(204);
    expect(await probes()).toEqual([]);
  });
});

describe('/system/config', () => {
  it('answers the defaults, takes some fields, and re-evaluates every probe', async () => {
    const got = await t.app.inject({ method: 'GET', url: '/api/system/config', headers: admin });
    expect(got.json()).toEqual(defaultSystemInfo);
    await post(report(id('P-1')));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/system/config',
      headers: admin,
      payload: { highTemperatureWarning: 30 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...defaultSystemInfo, highTemperatureWarning: 30 });
    const [probe] = await probes();
    expect(probe!.state.stateString).toBe('Warning');
    expect(probe!.events.map((e) => e.event)).toEqual([10]);
  });

  it('refuses thresholds out of order or out of bounds', async () => {
    const crossed = await t.app.inject({
      method: 'PUT',
      url: '/api/system/config',
      headers: admin,
      payload: { batteryLevelPanic: 30 },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().details[0].path).toBe('batteryLevelPanic');
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/system/config',
      headers: admin,
      payload: { timeoutSeconds: 0 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/system/config', headers: admin })).json()).toEqual(defaultSystemInfo);
  });
});

describe('probe data bounds', () => {
  it('refuses a batch with a timestamp more than 5 minutes ahead, naming it, and applies nothing', async () => {
    const soon = new Date(Date.now() + 4 * 60_000).toISOString();
    const response = await post([
      report(id('P-1'), { timestamp: soon }),
      report(id('P-2'), { timestamp: '9999-12-31T00:00:00.000Z' }),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: '1.timestamp', message: 'timestamp is more than 5 minutes ahead of the server clock' },
    ]);
    expect(await probes()).toEqual([]);
    // The probe keeps taking reports in the present.
    expect((await post(report(id('P-2')))).json()).toEqual({ accepted: 1, ignored: 0 });
    expect((await post(report(id('P-2')))).json()).toEqual({ accepted: 1, ignored: 0 });
  });

  it('refuses "." and ".." as probe IDs', async () => {
    for (const probeID of ['.', '..']) {
      const response = await post(report(probeID));
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0]).toMatchObject({
        path: '0.probeID',
        message: 'probeID must contain at least one letter or digit',
      });
    }
  });

  it('refuses reports for new probes beyond BPM_MAX_PROBES with a clear message, still taking known ones', async () => {
    const small = await createTestApp({ maxProbes: 3 });
    try {
      const key = await createApiKey(small.app.db, {
        userId: 1,
        name: 'gateway',
        expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      });
      const send = (body: unknown) =>
        small.app.inject({
          method: 'POST',
          url: '/api/probes/reports',
          headers: { authorization: `Bearer ${key.token}` },
          payload: body as object,
        });
      expect((await send([report('A'), report('B')])).statusCode).toBe(202);
      const tooMany = await send([report('A'), report('C'), report('D')]);
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe(
        'The plant already has 2 of at most 3 probes: reports for new probes are refused. Delete unused probes or raise BPM_MAX_PROBES.',
      );
      expect((await send([report('A'), report('B'), report('C')])).json()).toEqual({ accepted: 3, ignored: 0 });
      expect((await send(report('D'))).statusCode).toBe(409);
      expect((await send(report('E'))).statusCode).toBe(409);
      expect((await send(report('A'))).statusCode).toBe(202);
      await small.app.logStore.flush();
      const logged = await small.app.db.selectFrom('logs').select('msg').where('msg', 'like', 'Refused %').execute();
      expect(logged).toHaveLength(1);
    } finally {
      await small.close();
    }
  });
});

describe('a large plant', () => {
  it('re-evaluates thresholds and lists probes a chunk at a time, giving the event loop back in between', async () => {
    for (let batch = 0; batch < 3; batch += 1) {
      const reports = Array.from({ length: 1000 }, (_, i) => report(id(`P-${batch * 1000 + i}`)));
      expect((await post(reports)).statusCode).toBe(202);
    }
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turnsAtPublish: number[] = [];
    const spy = vi.spyOn(t.app.liveHub, 'publishProbe').mockImplementation(() => void turnsAtPublish.push(turn));
    try {
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/system/config',
        headers: admin,
        payload: { batteryLevelWarning: 90 },
      });
      expect(changed.statusCode).toBe(200);
      expect(turnsAtPublish.length).toBeGreaterThanOrEqual(3000);
      expect(turnsAtPublish.at(-1)! - turnsAtPublish[0]!).toBeGreaterThanOrEqual(2);

      expect((await probes()).filter((p) => p.state.stateString === 'Warning')).toHaveLength(3000);
    } finally {
      spy.mockRestore();
      ticking = false;
    }
  });
  it('lists every probe as one compact JSON text, byte for byte, across the pieces it is streamed in', async () => {
    // Varied states, multi-byte names and event texts ("°"), enough probes (~1 KB each) for several 256 KB pieces.
    const varied = (i: number): ProbeReportInput =>
      [
        report(id(`V-${i}`)),
        report(id(`V-${i}`), { batteryPercentage: 4, assignment: null }),
        report(id(`V-${i}`), { readings: [{ origin: 'CAN', temperature: 95, valid: true }] }),
        report(id(`V-${i}`), { readings: [{ origin: 'Thermocouple', temperature: 20, valid: false }], batteryCharging: true }),
        report(id(`V-${i}`), {
          assignment: { ...assignment, batteryPack: { id: i, name: `Zelle ${i} – Prüfstand °C €` }, agv: null },
        }),
      ][i % 5]!;
    for (let batch = 0; batch < 2; batch += 1)
      expect((await post(Array.from({ length: 500 }, (_, i) => varied(batch * 500 + i)))).statusCode).toBe(202);
    const answer = await t.app.inject({ method: 'GET', url: '/api/probes', headers: admin });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = answer.json<Probe[]>();
    expect(listed.filter((p) => p.probeID.startsWith(id('V-')))).toHaveLength(1000);
    expect(listed.filter((p) => p.probeID.startsWith(id('V-')) && p.events.length > 0).length).toBeGreaterThan(300);
    expect(answer.rawPayload.equals(Buffer.from(JSON.stringify(listed)))).toBe(true);
  });
});
