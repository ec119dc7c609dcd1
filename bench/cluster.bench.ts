// Cluster benchmark (issue 14): a throwaway PostgreSQL and Redis and three server processes on this machine
// in cluster mode; the plant simulator (5,000 probes × 1 Hz) sends to a non-engine instance, so every batch
// is forwarded to the engine through Redis and every update comes back through Redis to the other two;
// 150 dashboards (50 per instance) on the compact format. Prints report → dashboard p99 (per instance
// and over all), each instance's CPU and RSS (from its own /metrics), then kills the engine instance
// with SIGKILL and times the failover: until ingest is answered again, and until a dashboard on a
// surviving instance shows a report sent after the kill. Bounded to about a minute.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { CompactDecoder, compactSubprotocol, isCompactMessage } from '@bpm/protocol';
import pg from 'pg';
import WebSocket from 'ws';
import { adminSessionCookie, startServer, type RunningServer } from '../e2e/server';
import { percentileOfSorted, verdict } from './figures';
import { startThrowawayPostgres } from '../apps/server/src/testing/throwaway-postgres';
import { startThrowawayRedis, type ThrowawayRedis } from '../apps/server/src/testing/throwaway-redis';

const probes = 5000;
const dashboardsPerInstance = 50;
const measuringPerInstance = 2;
const warmUpMs = 6000;
const measureMs = 12_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Instance {
  name: string;
  server: RunningServer;
  cookie: string;
}

async function createKey(instance: Instance): Promise<string> {
  const created = await fetch(`${instance.server.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.server.url, cookie: instance.cookie },
    body: JSON.stringify({ name: 'bench', expirationDate: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  if (!created.ok) throw new Error(`key creation failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { token: string }).token;
}

async function metric(instance: Instance, key: string, name: string): Promise<number> {
  const text = await (await fetch(`${instance.server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

async function runsEngine(instance: Instance): Promise<boolean> {
  try {
    const answer = (await (await fetch(`${instance.server.url}/api/health/ready`)).json()) as { engine?: boolean };
    return answer.engine === true;
  } catch {
    return false;
  }
}

/** A measuring dashboard on the compact format: times every probe update carrying a new report. */
class Dashboard {
  readonly latenciesMs: number[] = [];
  readonly lastSeen = new Map<string, string>();
  isMeasuring = false;
  private readonly decoder = new CompactDecoder();
  private waiters: Array<{ probeID: string; after: number; resolve: () => void }> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const now = Date.now();
      const parsed = JSON.parse(data.toString()) as unknown;
      if (!isCompactMessage(parsed)) return;
      for (const probe of this.decoder.decode(parsed).probes) {
        const timestamp = probe.report?.timestamp;
        if (!timestamp || this.lastSeen.get(probe.probeID) === timestamp) continue;
        this.lastSeen.set(probe.probeID, timestamp);
        if (this.isMeasuring) this.latenciesMs.push(now - Date.parse(timestamp));
        this.waiters = this.waiters.filter((w) => {
          if (w.probeID !== probe.probeID || Date.parse(timestamp) < w.after) return true;
          w.resolve();
          return false;
        });
      }
    });
  }

  static open(instance: Instance): Promise<Dashboard> {
    const socket = new WebSocket(instance.server.url.replace(/^http/, 'ws') + '/', [compactSubprotocol], {
      headers: { cookie: instance.cookie, origin: instance.server.url },
    });
    const dashboard = new Dashboard(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(dashboard));
      socket.once('error', reject);
    });
  }

  /** Resolves when the probe shows a report timestamped at or after `after`. */
  shows(probeID: string, after: number): Promise<void> {
    const seen = this.lastSeen.get(probeID);
    if (seen && Date.parse(seen) >= after) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ probeID, after, resolve }));
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }
}

/** Dashboards that only receive, on a worker thread (their network work must not delay the measuring ones). */
const passiveCode = `
const { workerData, parentPort } = require('node:worker_threads');
const WebSocket = require('ws');
let open = 0;
const sockets = workerData.targets.flatMap(({ url, headers, count }) => Array.from({ length: count }, () => {
  const socket = new WebSocket(url, workerData.protocols, { headers });
  socket.on('message', () => {});
  socket.on('error', () => {});
  socket.once('open', () => { if (++open === workerData.total) parentPort.postMessage({ open }); });
  return socket;
}));
parentPort.on('message', () => { for (const s of sockets) s.terminate(); parentPort.close(); });
`;

async function openPassive(instances: Instance[], perInstance: number): Promise<Worker> {
  const targets = instances.map((i) => ({
    url: i.server.url.replace(/^http/, 'ws') + '/',
    headers: { cookie: i.cookie, origin: i.server.url },
    count: perInstance,
  }));
  const worker = new Worker(passiveCode, {
    eval: true,
    workerData: { targets, total: perInstance * instances.length, protocols: [compactSubprotocol] },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return worker;
}

function startSimulator(url: string, key: string): ChildProcess {
  const args = ['apps/simulator/dist/cli.js', '--quiet', '--url', `${url}/api`, '--key', key];
  args.push('--probes', String(probes), '--rate', '1', '--tick-ms', '100', '--in-flight', '4');
  return spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(3000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function main(): Promise<void> {
  const started = Date.now();
  const postgres = await startThrowawayPostgres();
  let redis: ThrowawayRedis | undefined;
  const servers: RunningServer[] = [];
  let simulator: ChildProcess | undefined;
  let passive: Worker | undefined;
  const dashboards: Dashboard[] = [];
  try {
    redis = await startThrowawayRedis();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database bpm');
    await admin.end();
    const env = { DATABASE_URL: postgres.urlFor('bpm'), BPM_REDIS_URL: redis.url, BPM_LOG_CONSOLE: 'off' };
    // One first (it migrates and seeds), then the other two.
    servers.push(await startServer(env, { built: true }));
    const others = await Promise.allSettled([startServer(env, { built: true }), startServer(env, { built: true })]);
    for (const started of others) if (started.status === 'fulfilled') servers.push(started.value);
    for (const started of others) if (started.status === 'rejected') throw started.reason;
    const instances: Instance[] = [];
    for (const [i, server] of servers.entries())
      instances.push({ name: 'ABC'[i]!, server, cookie: await adminSessionCookie(server) });
    let engine: Instance | undefined;
    while (!engine) {
      for (const instance of instances) if (await runsEngine(instance)) engine = instance;
      if (!engine) await sleep(200);
    }
    const followers = instances.filter((i) => i !== engine);
    const key = await createKey(instances[0]!);

    simulator = startSimulator(followers[0]!.server.url, key);
    passive = await openPassive(instances, dashboardsPerInstance - measuringPerInstance);
    for (const instance of instances)
      for (let i = 0; i < measuringPerInstance; i += 1) dashboards.push(await Dashboard.open(instance));
    await sleep(warmUpMs);

    const cpuBefore = await Promise.all(instances.map((i) => metric(i, key, 'process_cpu_seconds_total')));
    const measureStarted = Date.now();
    for (const d of dashboards) d.isMeasuring = true;
    const peakRss = instances.map(() => 0);
    for (let elapsed = 0; elapsed < measureMs; elapsed += 1000) {
      await sleep(1000);
      const rss = await Promise.all(instances.map((i) => metric(i, key, 'process_resident_memory_bytes')));
      rss.forEach((bytes, i) => (peakRss[i] = Math.max(peakRss[i]!, bytes)));
    }
    for (const d of dashboards) d.isMeasuring = false;
    const seconds = (Date.now() - measureStarted) / 1000;
    const cpuAfter = await Promise.all(instances.map((i) => metric(i, key, 'process_cpu_seconds_total')));
    const load = loadAverage();

    const lines: string[] = [];
    const all = dashboards.flatMap((d) => d.latenciesMs).sort((a, b) => a - b);
    const p99 = percentileOfSorted(all, 99);
    lines.push(
      `3 instances, ${fmt(probes)} probes × 1 Hz, ${fmt(dashboardsPerInstance * 3)} dashboards: report → dashboard p50 ${fmt(percentileOfSorted(all, 50))} ms, p99 ${fmt(p99)} ms  (target p99 ≤ 250 ms: ${verdict(p99 <= 250, `${fmt(p99 - 250)} ms`)})`,
    );
    for (const [i, instance] of instances.entries()) {
      const own = dashboards
        .filter((_, d) => Math.floor(d / measuringPerInstance) === i)
        .flatMap((d) => d.latenciesMs)
        .sort((a, b) => a - b);
      const role =
        instance === engine ? 'engine' : instance === followers[0] ? 'receives the ingest, forwards it' : 'replica only';
      const cpu = ((cpuAfter[i]! - cpuBefore[i]!) / seconds) * 100;
      lines.push(
        `    instance ${instance.name} (${role}): p99 ${fmt(percentileOfSorted(own, 99))} ms; CPU ${fmt(cpu)} % of one core; RSS peak ${fmt(peakRss[i]! / 1024 / 1024)} MB`,
      );
    }
    lines.push(`    ${fmt(all.length)} probe updates timed on ${dashboards.length} dashboards; machine load average ${load}`);

    // Failover: SIGKILL the engine; time until ingest is answered on a survivor, and until a surviving
    // dashboard shows a report sent after the kill.
    await stopProcess(simulator);
    const survivor = followers[0]!;
    const watcher = dashboards.find((_, d) => instances[Math.floor(d / measuringPerInstance)] === followers[1])!;
    const killedAt = Date.now();
    engine.server.process.kill('SIGKILL');
    let ingestAnsweredMs = NaN;
    let attempts = 0;
    const probeID = 'FAILOVER-1';
    let sentAt = 0;
    while (Date.now() - killedAt < 20_000) {
      attempts += 1;
      sentAt = Date.now();
      const answer = await fetch(`${survivor.server.url}/api/probes/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify([
          {
            probeID,
            readings: [{ origin: 'Thermocouple', temperature: 25, valid: true }],
            batteryPercentage: 50,
            timestamp: new Date(sentAt).toISOString(),
          },
        ]),
      });
      if (answer.status === 202) {
        ingestAnsweredMs = Date.now() - killedAt;
        break;
      }
    }
    const shown = await Promise.race([
      watcher.shows(probeID, sentAt - 1).then(() => Date.now() - killedAt),
      sleep(5000).then(() => NaN),
    ]);
    const newEngine = (await Promise.all(followers.map(runsEngine))).findIndex(Boolean);
    const survivingOpen = dashboards
      .filter((_, d) => instances[Math.floor(d / measuringPerInstance)] !== engine)
      .every((d) => d.isOpen);
    lines.push(
      `failover after SIGKILL of the engine: ingest answered again after ${fmt(ingestAnsweredMs)} ms (${attempts} attempts; target ≤ 5,000 ms: ${verdict(ingestAnsweredMs <= 5000, `${fmt(ingestAnsweredMs - 5000)} ms`)}); a surviving dashboard showed the next report after ${fmt(shown)} ms; engine now on ${newEngine >= 0 ? followers[newEngine]!.name : 'none'}; surviving dashboards kept their sockets: ${survivingOpen ? 'yes' : 'NO'}`,
    );
    lines.push(`    machine load average ${loadAverage()}; bench ${fmt((Date.now() - started) / 1000)} s`);
    console.log(lines.join('\n'));
  } finally {
    // Every step on its own: one that fails must not leave the servers after it running.
    const steps: Array<() => unknown> = [
      () => simulator && stopProcess(simulator),
      () => dashboards.forEach((d) => d.socket.terminate()),
      () => passive?.terminate(),
      ...servers.map((server) => () => {
        const child = server.process;
        if (child.exitCode === null && child.signalCode === null) return server.stop();
        rmSync(server.dataDir, { recursive: true, force: true });
      }),
      () => redis?.stop(),
      () => postgres.stop(),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        console.error(`cleaning up: ${String(error)}`);
      }
    }
  }
}

// The root package is CommonJS for tsx, so no top-level await.
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
