// npm start's plant: a demo key made once (file mode 600, reused after a restart) feeding the real API,
// the demo hall offered once as the floor plan, and a new plant's hour of history backfilled once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystemInfo, type ProbeHistory } from '@bpm/protocol';
import { hallCorners, Plant } from '@bpm/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { backfillHistory, backfillMarkerFileName, backfillMs, needsBackfill } from './demo-backfill.js';
import { demoKeyFileName, demoPlantOptions, startDemoSimulator } from './demo-simulator.js';

let t: TestApp;
let port: number;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => t.close());

describe('the demo simulator', () => {
  it('makes a key on first start, keeps it private, reuses it, and fills the plant', async () => {
    const first = await startDemoSimulator(t.app, port);
    const file = join(t.config.dataDir, demoKeyFileName);
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^bpm_/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const probeCount = async () => (await t.app.inject({ url: '/api/probes', headers: withCookie(admin) })).json().length;
    while ((await probeCount()) < 50) await new Promise((r) => setTimeout(r, 100));
    await first!.stop();
    expect(first!.stats.failures).toBe(0);
    // The demo hall became the floor plan (docs/plant.md (Demo hall)); removed, it is not offered again.
    const plan = await t.app.inject({ url: '/api/plant/floor-plan', headers: withCookie(admin) });
    expect(plan.json()).toMatchObject({ ...hallCorners, image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    await t.app.inject({ method: 'DELETE', url: '/api/plant/floor-plan', headers: withCookie(admin) });

    const second = await startDemoSimulator(t.app, port);
    await second!.stop();
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    expect((await t.app.inject({ url: '/api/plant/floor-plan', headers: withCookie(admin) })).statusCode).toBe(404);
    const keys = await t.app.db.selectFrom('api_keys').select('name').execute();
    expect(keys.map((k) => k.name)).toEqual(['Plant simulator (demo)']);
  });
});

describe('the demo backfill', () => {
  it('fills the past hour of history once, marked in the data directory', async () => {
    const b = await createTestApp();
    try {
      const now = Date.now();
      expect(needsBackfill(b.app)).toBe(true);
      const plant = new Plant({ probes: 3, seed: 1, startMs: now - backfillMs });
      await backfillHistory(b.app, plant, now - backfillMs, now);
      expect(needsBackfill(b.app)).toBe(false);
      expect(existsSync(join(b.config.dataDir, backfillMarkerFileName))).toBe(true);
      const history = await b.app.inject({
        method: 'GET',
        url: '/api/probes/P-0001/history',
        headers: { cookie: await b.loginAsAdmin() },
      });
      const points = history.json<ProbeHistory>().points;
      expect(points.length).toBeGreaterThanOrEqual(60);
      expect(points.every((p) => p.reports >= 1 && p.external !== null)).toBe(true);
    } finally {
      await b.close();
    }
  });

  it("is a calm hour: the demo plant's history stays under the warning temperature that no alarm of that hour records", async () => {
    const b = await createTestApp();
    try {
      const now = Date.now();
      const options = demoPlantOptions(now, true);
      await backfillHistory(b.app, new Plant(options), options.startMs, now);
      const cookie = await b.loginAsAdmin();
      let hottest = -Infinity;
      for (let i = 1; i <= options.probes; i++) {
        const history = await b.app.inject({ url: `/api/probes/P-${String(i).padStart(4, '0')}/history`, headers: { cookie } });
        for (const p of history.json<ProbeHistory>().points)
          hottest = Math.max(hottest, p.internal?.max ?? -Infinity, p.external?.max ?? -Infinity);
      }
      expect(hottest).toBeGreaterThan(30); // the stages' own heat is there
      expect(hottest).toBeLessThan(defaultSystemInfo.highTemperatureWarning);
    } finally {
      await b.close();
    }
  });
});
