// What the live benches share (server.bench.ts, slow-readers.bench.ts): a built server with an admin session and an
// API key, the plant simulator as a child process, /metrics figures, CPU meters, and real `ws` dashboards that time
// each report from its timestamp to its arrival.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { compactSubprotocol, isCompactMessage } from '@bpm/protocol';
import WebSocket from 'ws';
import { adminSessionCookie, startServer, type RunningServer } from '../e2e/server';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export interface Session {
  server: RunningServer;
  cookie: string;
  key: string;
}

/** `env`: more settings for the server (e.g. BPM_MQTT_PORT for bench/mqtt.bench.ts). */
export async function startSession(env: Record<string, string> = {}): Promise<Session> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = await startServer({ BPM_LOG_CONSOLE: 'off', ...env }, { built: true, nodeArgs });
  const cookie = await adminSessionCookie(server);
  const created = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ name: 'bench', expirationDate: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  if (!created.ok) throw new Error(`key creation failed: ${created.status} ${await created.text()}`);
  const { token } = (await created.json()) as { token: string };
  return { server, cookie, key: token };
}

/** The server's /metrics text (each scrape counts probes by state: one per second is plenty). */
export async function metricsText(session: Session): Promise<string> {
  return (await fetch(`${session.server.url}/metrics`, { headers: { authorization: `Bearer ${session.key}` } })).text();
}

/** One value (or the sum over labels) of a metric from the server's /metrics. */
export async function metric(session: Session, name: string, labelFilter = ''): Promise<number> {
  return metricIn(await metricsText(session), name, labelFilter);
}

export function metricIn(text: string, name: string, labelFilter = ''): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const [series, value] = line.split(' ');
    if (series === name || (series!.startsWith(`${name}{`) && series!.includes(labelFilter))) total += Number(value);
  }
  return total;
}

export function startSimulator(
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
export function childCpuSeconds(child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
}

export const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * CPU use of the server, the simulator and this process (the dashboards) over a window, in % of one core, and
 * the reports the server accepted in it. Each end reads the server's CPU and accepted count from one /metrics
 * scrape, timed at its midpoint: the count used to come from scrapes of their own, so it spanned a scrape and a
 * worker round trip more than the seconds it was divided by (docs/decisions/probes.md#ceiling).
 */
export async function cpuMeter(session: Session, simulator: ChildProcess) {
  const sample = async () => {
    const asked = Date.now();
    const text = await metricsText(session);
    return {
      at: (asked + Date.now()) / 2,
      server: metricIn(text, 'process_cpu_seconds_total'),
      accepted: metricIn(text, 'bpm_reports_accepted_total'),
      simulator: childCpuSeconds(simulator),
      bench: ownCpuSeconds(),
    };
  };
  const start = await sample();
  return async () => {
    const end = await sample();
    const seconds = (end.at - start.at) / 1000;
    const pct = (a: number, b: number) => `${fmt(((b - a) / seconds) * 100)}%`;
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    return {
      seconds,
      accepted: end.accepted - start.accepted,
      serverCpuSeconds: end.server - start.server,
      line: `CPU (% of one core): server ${pct(start.server, end.server)}, simulator ${pct(start.simulator, end.simulator)}, bench process (dashboards) ${pct(start.bench, end.bench)}; machine load average ${load}`,
    };
  };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(3000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export type Format = 'compact' | 'spec';
export const protocolsOf = (format: Format) => (format === 'compact' ? [compactSubprotocol] : []);

/**
 * A dashboard: a real WebSocket with the session cookie, on the compact format unless told. Measuring ones
 * decode and time every probe, and count the bytes of the snapshot and of probe updates after it.
 */
export class Dashboard {
  bytes = 0;
  messages = 0;
  snapshotBytes = 0;
  /** Bytes read from the TCP socket (frames as sent, compressed or not) when the snapshot was complete. */
  snapshotWireBytes = 0;
  /**
   * Bytes read from the TCP socket before the probes' snapshot began (systemConfig and the open alarms' snapshot,
   * which come first): its first part goes uncompressed, so this is the count at its arrival less its length.
   */
  wireBeforeSnapshot = 0;
  /** Open alarms in the alarms' snapshot the socket got on connect. */
  alarmsInSnapshot = 0;
  updateBytes = 0;
  probeUpdates = 0;
  readonly latenciesMs: number[] = [];
  /** Each probe's last report time (ms), by probe ID (spec) or handle (compact). */
  readonly lastSeen = new Map<string | number, number>();
  isMeasuring = false;
  /** Resolves once the whole snapshot has arrived. */
  readonly snapshotDone: Promise<void>;
  private markSnapshotDone: () => void = () => {};
  /** Compact: the stream's epoch (handles need no table: a report time is all this reads). */
  private epochMs = 0;
  private constructor(readonly socket: WebSocket) {
    this.snapshotDone = new Promise((resolve) => (this.markSnapshotDone = resolve));
  }

  static open(session: Session, measure: boolean, format: Format = 'compact'): Promise<Dashboard> {
    const url = session.server.url.replace(/^http/, 'ws') + '/';
    const socket = new WebSocket(url, protocolsOf(format), { headers: { cookie: session.cookie, origin: session.server.url } });
    const dashboard = new Dashboard(socket);
    let isFirstProbeData = true;
    let tcp: { bytesRead: number } | undefined;
    socket.once('upgrade', (response) => (tcp = response.socket));
    socket.on('message', (data: Buffer) => {
      dashboard.bytes += data.length;
      dashboard.messages += 1;
      if (!measure) return;
      const now = Date.now();
      const parsed = JSON.parse(data.toString()) as unknown;
      // Only the report times are read (not whole probes, as the web client's worker does): decoding
      // 10,000 probes a second on five dashboards made this thread late to its own messages.
      const reports: [probe: string | number, reportMs: number][] = [];
      if (isCompactMessage(parsed)) {
        if (parsed.c === 's' && parsed.n[0] === 0) dashboard.epochMs = parsed.t ?? 0;
        for (const record of parsed.p) {
          if (record.r === undefined || record.r === 0) continue;
          const time = record.r[0];
          reports.push([record.i, typeof time === 'number' ? dashboard.epochMs + time : Date.parse(time)]);
        }
        if (parsed.c === 's') {
          if (parsed.n[0] === 0) dashboard.wireBeforeSnapshot = (tcp?.bytesRead ?? NaN) - data.length;
          dashboard.snapshotBytes += data.length;
          if (parsed.n[0] === parsed.n[1] - 1) {
            dashboard.snapshotWireBytes = tcp?.bytesRead ?? NaN;
            dashboard.markSnapshotDone();
          }
        } else dashboard.countUpdate(data.length, parsed.p.length);
      } else {
        const message = parsed as {
          messageType: string;
          probes?: { probeID: string; report: { timestamp: string } | null }[];
          snapshotPart?: number;
          alarms?: unknown[];
        };
        if (message.messageType === 'alarms' && message.snapshotPart !== undefined)
          dashboard.alarmsInSnapshot += message.alarms?.length ?? 0;
        if (message.messageType !== 'probeData') return;
        if (isFirstProbeData) dashboard.wireBeforeSnapshot = (tcp?.bytesRead ?? NaN) - data.length;
        const probes = message.probes ?? [];
        for (const probe of probes) if (probe.report) reports.push([probe.probeID, Date.parse(probe.report.timestamp)]);
        if (isFirstProbeData) {
          dashboard.snapshotBytes += data.length;
          dashboard.snapshotWireBytes = tcp?.bytesRead ?? NaN;
          dashboard.markSnapshotDone();
        } else dashboard.countUpdate(data.length, probes.length);
        isFirstProbeData = false;
      }
      for (const [probe, reportMs] of reports) {
        // Only updates carrying a new report count: a watchdog alert re-sends the last (old) report.
        if (dashboard.lastSeen.get(probe) === reportMs) continue;
        dashboard.lastSeen.set(probe, reportMs);
        if (dashboard.isMeasuring) dashboard.latenciesMs.push(now - reportMs);
      }
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(dashboard));
      socket.once('error', reject);
    });
  }

  private countUpdate(bytes: number, probes: number): void {
    if (!this.isMeasuring) return;
    this.updateBytes += bytes;
    this.probeUpdates += probes;
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
  const socket = new WebSocket(workerData.url, workerData.protocols, { headers: workerData.headers });
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

export class PassiveDashboards {
  private constructor(private readonly worker: Worker) {}

  static async open(session: Session, count: number, format: Format = 'compact'): Promise<PassiveDashboards> {
    const url = session.server.url.replace(/^http/, 'ws') + '/';
    const headers = { cookie: session.cookie, origin: session.server.url };
    const worker = new Worker(passiveDashboardsCode, {
      eval: true,
      workerData: { url, headers, count, protocols: protocolsOf(format) },
    });
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
