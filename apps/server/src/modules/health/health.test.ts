// Health checks as a load balancer sees them: no sign-in, only their own fields, 503 once the database is gone.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { readiness } from './health.service.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer without sign-in: alive, ready, and this single instance runs the engine', async () => {
    t = await createTestApp();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true, engine: true });
  });

  it('are not cached and leave the Logs page alone while they pass', async () => {
    t = await createTestApp();
    const admin = await t.loginAsAdmin();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.headers['cache-control']).toContain('no-store');
    const logs = await t.app.inject({ method: 'GET', url: '/api/system/logs?q=health', headers: { cookie: admin } });
    expect(logs.json()).toEqual([]);
  });

  it('readiness fails when the database cannot be reached or Redis does not answer', async () => {
    t = await createTestApp();
    // Nothing listens on port 1.
    const unreachable = openDatabase('', 'postgres://bpm@127.0.0.1:1/bpm');
    onTestFinished(() => unreachable.destroy());
    expect(await readiness({ db: unreachable, runsEngine: () => false })).toEqual({
      status: 'unavailable',
      database: false,
      engine: false,
    });
    const redisDown = () => Promise.reject(new Error('ECONNREFUSED'));
    expect(await readiness({ db: t.app.db, pingRedis: redisDown, runsEngine: () => true })).toEqual({
      status: 'unavailable',
      database: true,
      redis: false,
      engine: true,
    });
  });
});
