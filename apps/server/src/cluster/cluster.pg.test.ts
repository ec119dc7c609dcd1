// Cluster mode end to end (docs/deployment.md (Cluster mode)), PostgreSQL project only: a throwaway Redis
// and three real server processes on one database; ingest, live fan-out, shared sign-in throttling,
// kill -9 of the engine instance and failover, all observed the way clients observe them.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Alarm, LiveMessage, Probe } from '@bpm/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../../../e2e/server';
import { openDatabase } from '../db/database.js';
import { templateDatabase } from '../testing/postgres-global-setup.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../testing/throwaway-redis.js';
import { monitored, readings } from '../testing/report-fixtures.js';

interface Instance {
  name: string;
  server: RunningServer;
  cookie: string;
}

let redis: ThrowawayRedis | undefined;
let databaseName = '';
const instances: Instance[] = [];
const sockets: WebSocket[] = [];
const killed = new Set<RunningServer>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request(instance: Instance, method: string, path: string, body?: unknown, cookie = instance.cookie) {
  return fetch(`${instance.server.url}${path}`, {
    method,
    headers: {
      origin: instance.server.url,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(instance: Instance, username: string, password: string): Promise<Response> {
  return request(instance, 'POST', '/api/login', { username, password, rememberMe: false }, '');
}

const report = (probeID: string, batteryPercentage: number) => ({
  probeID,
  readings: [{ origin: 'Thermocouple', temperature: 25, valid: true }],
  batteryPercentage,
});

/** A dashboard: a real socket on an instance, recording every probe and open alarm it is sent. */
class Dashboard {
  readonly probes = new Map<string, Probe>();
  readonly alarms = new Map<number, Alarm>();
  closed = false;
  closeCode: number | undefined;
  private waiters: Array<() => void> = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveMessage;
      if (message.messageType === 'probeData') for (const probe of message.probes) this.probes.set(probe.probeID, probe);
      if (message.messageType === 'alarms') {
        // docs/live-feed.md (Alarms): a snapshot's part 0 replaces the open list.
        if (message.snapshotPart === 0) this.alarms.clear();
        for (const alarm of message.alarms) this.alarms.set(alarm.id, alarm);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }
  /** Resolves once the probe is shown as `test` wants (the test's timeout bounds the wait). */
  until(probeID: string, test: (probe: Probe) => boolean): Promise<void> {
    return this.once(() => {
      const probe = this.probes.get(probeID);
      return probe !== undefined && test(probe);
    });
  }
  /** Resolves once the open alarm is in the state given. */
  alarmIs(id: number, state: Alarm['state']): Promise<void> {
    return this.once(() => this.alarms.get(id)?.state === state);
  }
  private async once(test: () => boolean): Promise<void> {
    while (!test()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  shows(probeID: string, batteryPercentage: number): Promise<void> {
    return this.until(probeID, (probe) => probe.batteryPercentage === batteryPercentage);
  }
}

function openDashboard(instance: Instance, cookie = instance.cookie): Promise<Dashboard> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(instance.server.url.replace('http', 'ws') + '/', {
      headers: { cookie, origin: instance.server.url },
    });
    sockets.push(socket);
    const dashboard = new Dashboard(socket);
    socket.once('open', () => resolve(dashboard));
    socket.once('error', reject);
  });
}

async function engineOf(candidates: Instance[]): Promise<{ engine: Instance; others: Instance[] }> {
  for (;;) {
    const answers = await Promise.all(
      candidates.map(
        async (instance) =>
          (await (await request(instance, 'GET', '/api/health/ready', undefined, '')).json()) as { engine: boolean },
      ),
    );
    const engines = candidates.filter((_, i) => answers[i]!.engine);
    if (engines.length === 1) return { engine: engines[0]!, others: candidates.filter((i) => i !== engines[0]) };
    expect(engines.length).toBeLessThanOrEqual(1);
    await sleep(200);
  }
}

beforeAll(async () => {
  const server = inject('bpmPostgresServer');
  databaseName = `bpm_cluster_${randomBytes(4).toString('hex')}`;
  const admin = openDatabase('', `${server}/postgres`);
  await sql.raw(`create database ${databaseName} template ${templateDatabase} strategy file_copy`).execute(admin);
  await admin.destroy();
  redis = await startThrowawayRedis();
  // The built server starts in a third of the time tsx takes (three at once on a 2-core machine); build it
  // first, so that the test never runs stale code (a no-op after `npm test`'s own build).
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'apps/server'], { stdio: 'inherit' });
  const env = { DATABASE_URL: `${server}/${databaseName}`, BPM_REDIS_URL: redis.url, BPM_LOG_CONSOLE: 'off' };
  const started = await Promise.allSettled(['A', 'B', 'C'].map(() => startServer(env, { built: true })));
  for (const [i, result] of started.entries()) {
    if (result.status === 'rejected') continue;
    instances.push({ name: 'ABC'[i]!, server: result.value, cookie: '' });
  }
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  for (const instance of instances) {
    const login = await signIn(instance, 'admin', instance.server.adminPassword);
    expect(login.status).toBe(200);
    instance.cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  }
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await Promise.all(
    instances.map(async ({ server }) => {
      if (killed.has(server)) rmSync(server.dataDir, { recursive: true, force: true });
      else await server.stop();
    }),
  );
  redis?.stop();
  if (databaseName) {
    const admin = openDatabase('', `${inject('bpmPostgresServer')}/postgres`);
    await sql.raw(`drop database if exists ${databaseName} with (force)`).execute(admin);
    await admin.destroy();
  }
}, 30_000);

describe('three instances on one PostgreSQL and one Redis', () => {
  it('runs one engine, fans its updates out to every instance, shares users and throttling, and fails over', async () => {
    // /api/health/ready tells which instance runs the engine; exactly one does.
    const { engine, others } = await engineOf(instances);
    const [ingestAt, watchAt] = others as [Instance, Instance];
    const ready = await (await request(watchAt, 'GET', '/api/health/ready', undefined, '')).json();
    expect(ready).toEqual({ status: 'ready', database: true, redis: true, engine: false });

    // A report ingested on one instance reaches a dashboard on another, through the engine.
    const dashboards = await Promise.all(instances.map((instance) => openDashboard(instance)));
    const ingested = await request(ingestAt, 'POST', '/api/probes/reports', [report('CL-1', 80)]);
    expect(ingested.status).toBe(202);
    expect(await ingested.json()).toEqual({ accepted: 1, ignored: 0 });
    await Promise.all(dashboards.map((dashboard) => dashboard.shows('CL-1', 80)));
    // A socket opened later on a non-engine instance gets the probe in its snapshot (the replica).
    const late = await openDashboard(watchAt);
    await late.shows('CL-1', 80);
    // Routes that read the engine's state answer the same everywhere.
    const listed = (await (await request(watchAt, 'GET', '/api/probes')).json()) as Probe[];
    expect(listed.map((p) => p.probeID)).toEqual(['CL-1']);

    // An alarm raised through the engine is acknowledged through another instance; every dashboard sees it.
    const hot = {
      probeID: 'CL-HOT',
      firmwareVersion: '2.4.1',
      readings: readings(60, 59),
      batteryPercentage: 80,
      batteryCharging: false,
      assignment: monitored,
    };
    expect((await request(engine, 'POST', '/api/probes/reports', [hot])).status).toBe(202);
    const alarms = (await (await request(watchAt, 'GET', '/api/alarms?probeID=CL-HOT')).json()) as Alarm[];
    expect(alarms).toEqual([expect.objectContaining({ probeID: 'CL-HOT', state: 'unacknowledged' })]);
    const ack = await request(ingestAt, 'POST', `/api/alarms/${alarms[0]!.id}/acknowledge`, { comment: 'Fan checked' });
    expect(ack.status).toBe(200);
    const acknowledged = (probe: Probe) => probe.events.some((e) => e.alarmId === alarms[0]!.id && e.acknowledged);
    await Promise.all(dashboards.map((dashboard) => dashboard.until('CL-HOT', acknowledged)));
    // Every instance's open alarms say so too, and a socket opened now on a non-engine instance has it in its
    // snapshot, from that instance's own hub (docs/live-feed.md (Alarms)).
    await Promise.all([...dashboards, await openDashboard(watchAt)].map((d) => d.alarmIs(alarms[0]!.id, 'acknowledged')));

    // A user created through one instance signs in on another.
    const roles = (await (await request(ingestAt, 'GET', '/api/roles')).json()) as Array<{ id: number }>;
    const created = await request(ingestAt, 'POST', '/api/users', {
      username: 'cluster-user',
      firstName: 'Cluster',
      lastName: 'User',
      email: 'cluster@example.com',
      password: 'cluster-password',
      roleId: roles[0]!.id,
    });
    expect(created.status).toBe(201);
    const userLogin = await signIn(watchAt, 'cluster-user', 'cluster-password');
    expect(userLogin.status).toBe(200);

    // Signing out through one instance closes that session's live socket on another.
    const userCookie = (userLogin.headers.get('set-cookie') ?? '').split(';')[0]!;
    const userDashboard = await openDashboard(watchAt, userCookie);
    const userSocketClosed = new Promise((resolve) => userDashboard.socket.once('close', resolve));
    expect((await request(ingestAt, 'POST', '/api/logout', undefined, userCookie)).status).toBe(204);
    await userSocketClosed;
    expect(userDashboard.closeCode).toBe(1008);

    // A threshold change made through a non-engine instance is committed by the engine.
    const changed = await request(watchAt, 'PUT', '/api/system/config', { batteryLevelWarning: 33 });
    expect(changed.status).toBe(200);

    // Failed sign-ins counted on one instance hold on another: after five, each failure delays the user's
    // next attempt (1, 2, 4 s…); eight failures on one instance, and the next attempt on another must wait.
    let failures = 0;
    while (failures < 8) {
      const attempt = await signIn(ingestAt, 'cluster-user', 'wrong-password');
      if (attempt.status === 429) await sleep(Number(attempt.headers.get('retry-after')) * 1000);
      else {
        expect(attempt.status).toBe(401);
        failures += 1;
      }
    }
    const throttled = await signIn(watchAt, 'cluster-user', 'wrong-password');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);

    // kill -9 of the engine instance: one of the others takes over and answers ingest again.
    killed.add(engine.server);
    const exited = new Promise((resolve) => engine.server.process.once('exit', resolve));
    engine.server.process.kill('SIGKILL');
    await exited;
    let answer: Response;
    for (;;) {
      answer = await request(ingestAt, 'POST', '/api/probes/reports', [report('CL-2', 60)]);
      if (answer.status !== 503) break;
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ accepted: 1, ignored: 0 });
    const survivors = instances.filter((i) => i !== engine);
    const { engine: newEngine } = await engineOf(survivors);
    expect(survivors).toContain(newEngine);

    // The surviving dashboards kept their socket and receive updates again.
    const surviving = dashboards.filter((_, i) => instances[i] !== engine);
    await Promise.all([...surviving, late].map((dashboard) => dashboard.shows('CL-2', 60)));
    expect([...surviving, late].map((dashboard) => dashboard.closed)).toEqual([false, false, false]);

    // Nothing committed was lost: the acknowledgement, the thresholds, the user.
    const after = (await (await request(watchAt, 'GET', '/api/alarms?probeID=CL-HOT')).json()) as Alarm[];
    // (The probe has been silent since: its watchdog may have raised an alarm of its own by now.)
    expect(after).toContainEqual(
      expect.objectContaining({
        id: alarms[0]!.id,
        ackComment: 'Fan checked',
        acknowledgedBy: expect.objectContaining({ username: 'admin' }),
      }),
    );
    expect(
      (await (await request(ingestAt, 'GET', '/api/system/config')).json()) as { batteryLevelWarning: number },
    ).toMatchObject({
      batteryLevelWarning: 33,
    });
    const users = (await (await request(watchAt, 'GET', '/api/users')).json()) as Array<{ username: string }>;
    expect(users.map((u) => u.username)).toContain('cluster-user');
  }, 90_000);
});
