// Server benchmark: drives a real server process with the plant simulator (a separate
// process, through the real ingest API with an API key) and real `ws` dashboards, and prints each
// figure beside its target. Server-side figures come from the server's own /metrics.
//   1. sustained reports/s with 20 connected dashboards          target ≥ 50,000
//   2. report-to-client latency, 5,000 probes × 1 Hz, 50 dashboards target p99 ≤ 250 ms
//   3. server RSS with 10,000 probes reporting                    target ≤ 300 MB
// Profiling: BENCH_SCENARIOS=throughput,latency,memory picks scenarios; BENCH_SERVER_NODE_OPTIONS is passed
// to the server as NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../e2e/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Session {
  server: RunningServer;
  cookie: string;
  key: string;
}

async function startSession(): Promise<Session> {
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
  const server = await startServer(
    { BPM_LOG_CONSOLE: 'off', ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) },
    { built: true },
  );
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: 'admin', password: server.adminPassword, rememberMe: false }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`);
  const created = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ name: 'bench', expirationDate: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  if (!created.ok) throw new Error(`key creation failed: ${created.status} ${await created.text()}`);
  const { token } = (await created.json()) as { token: string };
  return { server, cookie, key: token };
}

/** One value (or the sum over labels) of a metric from the server's /metrics. */
async function metric(session: Session, name: string, labelFilter = ''): Promise<number> {
  const text = await (
    await fetch(`${session.server.url}/metrics`, { headers: { authorization: `Bearer ${session.key}` } })
  ).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const [series, value] = line.split(' ');
    if (series === name || (series!.startsWith(`${name}{`) && series!.includes(labelFilter))) total += Number(value);
  }
  return total;
}

function startSimulator(
  session: Session,
  options: { probes: number; rate: number; tickMs?: number; inFlight?: number },
): ChildProcess {
  const args = ['apps/simulator/dist/cli.js', '--quiet'];
  args.push(
    '--url',
    `${session.server.url}/api`,
    '--key',
    session.key,
    '--probes',
    String(options.probes),
    '--rate',
    String(options.rate),
  );
  args.push('--tick-ms', String(options.tickMs ?? 100), '--in-flight', String(options.inFlight ?? 4));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

/** CPU seconds a child process has used so far (Linux /proc), for the "who was busy" line. */
function childCpuSeconds(child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
}

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** CPU use of the server, the simulator and this process (the dashboards) over a window, in % of one core. */
async function cpuMeter(session: Session, simulator: ChildProcess) {
  const sample = async () => ({
    at: Date.now(),
    server: await metric(session, 'process_cpu_seconds_total'),
    simulator: childCpuSeconds(simulator),
    bench: ownCpuSeconds(),
  });
  const start = await sample();
  return async () => {
    const end = await sample();
    const seconds = (end.at - start.at) / 1000;
    const pct = (a: number, b: number) => `${fmt(((b - a) / seconds) * 100)}%`;
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    return {
      serverCpuSeconds: end.server - start.server,
      line: `CPU (% of one core): server ${pct(start.server, end.server)}, simulator ${pct(start.simulator, end.simulator)}, bench process (dashboards) ${pct(start.bench, end.bench)}; machine load average ${load}`,
    };
  };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(3000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A dashboard: a real WebSocket with the session cookie. Measuring ones parse and time every probe. */
class Dashboard {
  bytes = 0;
  messages = 0;
  readonly latenciesMs: number[] = [];
  readonly lastSeen = new Map<string, string>();
  isMeasuring = false;
  private constructor(readonly socket: WebSocket) {}

  static open(session: Session, measure: boolean): Promise<Dashboard> {
    const url = session.server.url.replace(/^http/, 'ws') + '/';
    const socket = new WebSocket(url, { headers: { cookie: session.cookie, origin: session.server.url } });
    const dashboard = new Dashboard(socket);
    socket.on('message', (data: Buffer) => {
      dashboard.bytes += data.length;
      dashboard.messages += 1;
      if (!measure) return;
      const now = Date.now();
      const message = JSON.parse(data.toString()) as {
        messageType: string;
        probes?: { probeID: string; report: { timestamp: string } | null }[];
      };
      if (message.messageType !== 'probeData') return;
      for (const probe of message.probes ?? []) {
        // Only updates carrying a new report count: a watchdog alert re-sends the last (old) report.
        const timestamp = probe.report?.timestamp;
        if (!timestamp || dashboard.lastSeen.get(probe.probeID) === timestamp) continue;
        dashboard.lastSeen.set(probe.probeID, timestamp);
        if (dashboard.isMeasuring) dashboard.latenciesMs.push(now - Date.parse(timestamp));
      }
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(dashboard));
      socket.once('error', reject);
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

/**
 * Dashboards that only receive and count bytes run on a worker thread, so that their network work
 * does not delay the measuring dashboards on this thread (which would show up as "latency").
 */
const passiveDashboardsCode = `
const { workerData, parentPort } = require('node:worker_threads');
const WebSocket = require('ws');
let bytes = 0;
let open = 0;
const sockets = Array.from({ length: workerData.count }, () => {
  const socket = new WebSocket(workerData.url, { headers: workerData.headers });
  socket.on('message', (data) => { bytes += data.length; });
  socket.once('open', () => { if (++open === workerData.count) parentPort.postMessage({ open }); });
  socket.once('error', (error) => parentPort.postMessage({ error: String(error) }));
  return socket;
});
parentPort.on('message', (message) => {
  if (message === 'bytes') parentPort.postMessage({ bytes });
  if (message === 'close') { for (const s of sockets) s.terminate(); parentPort.close(); }
});
`;

class PassiveDashboards {
  private constructor(private readonly worker: Worker) {}

  static async open(session: Session, count: number): Promise<PassiveDashboards> {
    const url = session.server.url.replace(/^http/, 'ws') + '/';
    const headers = { cookie: session.cookie, origin: session.server.url };
    const worker = new Worker(passiveDashboardsCode, { eval: true, workerData: { url, headers, count } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { open?: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve()));
      worker.once('error', reject);
    });
    return new PassiveDashboards(worker);
  }

  bytes(): Promise<number> {
    return new Promise((resolve) => {
      this.worker.once('message', (m: { bytes: number }) => resolve(m.bytes));
      this.worker.postMessage('bytes');
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage('close');
    await this.worker.terminate();
  }
}

function verdict(ok: boolean, missedBy: string): string {
  return ok ? 'met' : `MISSED by ${missedBy}`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function throughput(): Promise<string> {
  const session = await startSession();
  const dashboards = await PassiveDashboards.open(session, 20);
  // 1,000 probes (a large plant) each reporting far faster than real probes: the load is what counts.
  const simulator = startSimulator(session, { probes: 1000, rate: 100, tickMs: 20, inFlight: 8 });
  try {
    await sleep(5000); // warm-up
    const before = await metric(session, 'bpm_reports_accepted_total');
    const bytesBefore = await dashboards.bytes();
    const started = Date.now();
    const cpu = await cpuMeter(session, simulator);
    await sleep(15_000);
    const usage = await cpu();
    const seconds = (Date.now() - started) / 1000;
    const accepted = (await metric(session, 'bpm_reports_accepted_total')) - before;
    const perSecond = accepted / seconds;
    const received = ((await dashboards.bytes()) - bytesBefore) / seconds;
    const backedUp = await metric(session, 'bpm_live_sockets_backed_up');
    const target = 50_000;
    return [
      `sustained reports/s with 20 dashboards: ${fmt(perSecond)}  (target ≥ ${fmt(target)}: ${verdict(perSecond >= target, `${fmt(target - perSecond)}/s, ${fmt((1 - perSecond / target) * 100, 1)}%`)})`,
      `    1,000 probes; dashboards received ${fmt(received / 1e6, 1)} MB/s in total; ${backedUp} of 20 sockets backed up at the end`,
      `    server CPU per accepted report ${fmt((usage.serverCpuSeconds / accepted) * 1e6, 1)} µs (all work included) → ${fmt(accepted / usage.serverCpuSeconds)} reports per CPU-second`,
      `    ${usage.line}`,
    ].join('\n');
  } finally {
    await stopProcess(simulator);
    await dashboards.close();
    await session.server.stop();
  }
}

async function latency(): Promise<string> {
  const session = await startSession();
  // 50 dashboards; 5 of them parse and time every probe (parsing all 50 would measure this process, not the server).
  const passive = await PassiveDashboards.open(session, 45);
  const dashboards = await Promise.all(Array.from({ length: 5 }, () => Dashboard.open(session, true)));
  const simulator = startSimulator(session, { probes: 5000, rate: 1 });
  try {
    await sleep(5000); // warm-up: every probe has reported
    for (const d of dashboards) d.isMeasuring = true;
    const cpu = await cpuMeter(session, simulator);
    await sleep(20_000);
    const usage = await cpu();
    for (const d of dashboards) d.isMeasuring = false;
    const all = dashboards.flatMap((d) => d.latenciesMs).sort((a, b) => a - b);
    const p50 = percentile(all, 50);
    const p99 = percentile(all, 99);
    const rate = (await metric(session, 'bpm_reports_accepted_total')) / 25;
    const target = 250;
    return [
      `report-to-client latency, 5,000 probes × 1 Hz, 50 dashboards: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, max ${fmt(all.at(-1) ?? NaN)} ms  (target p99 ≤ ${target} ms: ${verdict(p99 <= target, `${fmt(p99 - target)} ms`)})`,
      `    ${fmt(all.length)} probe updates timed; ~${fmt(rate)} reports/s accepted; includes the simulator's batching and the 100 ms flush`,
      `    ${usage.line}`,
      `    server event loop delay since start: p99 ${fmt((await metric(session, 'bpm_event_loop_lag_seconds', 'quantile="0.99"')) * 1000)} ms, max ${fmt((await metric(session, 'bpm_event_loop_lag_seconds', 'quantile="1"')) * 1000)} ms`,
    ].join('\n');
  } finally {
    await stopProcess(simulator);
    for (const d of dashboards) d.close();
    await passive.close();
    await session.server.stop();
  }
}

async function memory(): Promise<string> {
  const session = await startSession();
  const dashboards = await PassiveDashboards.open(session, 20);
  const simulator = startSimulator(session, { probes: 10_000, rate: 1 });
  try {
    let peak = 0;
    let last = 0;
    const cpu = await cpuMeter(session, simulator);
    for (let second = 0; second < 25; second++) {
      await sleep(1000);
      last = await metric(session, 'process_resident_memory_bytes');
      peak = Math.max(peak, last);
    }
    const probes = await metric(session, 'bpm_probes');
    const target = 300 * 1024 * 1024;
    const mb = (bytes: number) => fmt(bytes / 1024 / 1024);
    return [
      `server RSS at ${fmt(probes)} probes (1 Hz, 20 dashboards): peak ${mb(peak)} MB, last ${mb(last)} MB  (target ≤ 300 MB: ${verdict(peak <= target, `${mb(peak - target)} MB`)})`,
      `    V8 heap in use at the end ${mb(await metric(session, 'nodejs_heap_used_bytes'))} MB; ${(await cpu()).line}`,
    ].join('\n');
  } finally {
    await stopProcess(simulator);
    await dashboards.close();
    await session.server.stop();
  }
}

async function main(): Promise<void> {
  const results: string[] = [];
  const chosen = process.env.BENCH_SCENARIOS?.split(',');
  for (const scenario of [throughput, latency, memory].filter((s) => !chosen || chosen.includes(s.name))) {
    const started = Date.now();
    const line = await scenario();
    console.log(`${line}\n    (${fmt((Date.now() - started) / 1000)} s)`);
    results.push(line);
  }
  console.log(`\nServer benchmark summary (${new Date().toISOString()}):\n${results.map((r) => r.split('\n')[0]).join('\n')}`);
}

// The root package is CommonJS for tsx, so no top-level await.
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
