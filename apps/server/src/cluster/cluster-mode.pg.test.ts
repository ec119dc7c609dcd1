// Cluster mode in one process (docs/deployment.md (Cluster mode)), PostgreSQL project only: an instance
// that cannot take the engine lock is ready but answers engine routes 503 with Retry-After, and takes the
// engine over once the lock is free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../testing/temp-storage.js';
import { createTestApp, withCookie, type TestApp } from '../testing/test-app.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../testing/throwaway-redis.js';

let redis: ThrowawayRedis;
const dataDir = tempDataDir('bpm-cluster-mode-');
beforeAll(async () => {
  redis = await startThrowawayRedis();
});
afterAll(() => {
  redis?.stop();
});

const report = { probeID: 'CM-1', readings: [{ origin: 'Thermocouple', temperature: 25, valid: true }], batteryPercentage: 70 };

describe('an instance in cluster mode', () => {
  it('answers 503 with Retry-After while no engine takes its requests, and runs the engine once the lock is free', async () => {
    // A single instance on the same database holds the engine lock and listens to no Redis.
    const holder = await createTestApp({ dataDir });
    let holderOpen = true;
    let member: TestApp | undefined;
    try {
      member = await createTestApp({ dataDir, databaseUrl: holder.config.databaseUrl, redisUrl: redis.url });
      const headers = withCookie(await member.loginAsAdmin());
      const ready = await member.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: true, redis: true, engine: false });

      const refused = await member.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: [report] });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      // Routes that need no engine are answered all the same.
      expect((await member.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);

      await holder.close();
      holderOpen = false;
      let engine = false;
      while (!engine) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        engine = (await member.app.inject({ method: 'GET', url: '/api/health/ready' })).json<{ engine: boolean }>().engine;
      }
      const accepted = await member.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: [report] });
      expect(accepted.statusCode).toBe(202);
      expect(accepted.json()).toEqual({ accepted: 1, ignored: 0 });
      const probes = await member.app.inject({ method: 'GET', url: '/api/probes', headers });
      expect(probes.json<Array<{ probeID: string }>>().map((p) => p.probeID)).toEqual(['CM-1']);
    } finally {
      await member?.close();
      if (holderOpen) await holder.close();
    }
  });
});
