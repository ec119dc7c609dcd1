// MQTT benchmark (issue 38, docs/mqtt.md): a real server process with its embedded broker, MQTT publishers
// and `ws` dashboards in this process, figures from the server's own /metrics, each beside its target.
//   1. reports/s through the embedded broker, 10 publishers, batches of 100, QoS 1
//      target ≥ 60,000 and ≥ 80 % of HTTP ingest measured the same way in the same run
//   2. report published → dashboard client p99, 5,000 probes × 1 Hz over MQTT (the simulator)   target ≤ 250 ms
//   3. 2,000 idle MQTT connections: server RSS added                                              target ≤ 100 MB
// BENCH_SECONDS sets each measuring window (default 10).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from '../e2e/server';
import { percentileOfSorted, verdict } from './figures';
import { Dashboard, fmt, metricsText, metricIn, sleep, startSession, stopProcess, type Session } from './live-bench-kit';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const publishers = 10;
const batchSize = 100;
const inFlightPerPublisher = 8;

/** One publisher's batch: its own 100 probes, no timestamp (server time), so every report is accepted. */
function batch(publisher: number): string {
  return JSON.stringify(
    Array.from({ length: batchSize }, (_, i) => ({
      probeID: `BENCH-${publisher}-${i}`,
      readings: [{ origin: 'Thermocouple', temperature: 25 + (i % 10), valid: true }],
      batteryPercentage: 80,
    })),
  );
}

/** Accepted reports per second while `load` runs (after a warm-up), from the server's own counter. */
async function acceptedPerSecond(session: Session, load: (running: () => boolean) => Promise<void>): Promise<number> {
  let running = true;
  const loading = load(() => running);
  await sleep(2000);
  const sample = async () => ({ at: Date.now(), accepted: metricIn(await metricsText(session), 'bpm_reports_accepted_total') });
  const start = await sample();
  await sleep(seconds * 1000);
  const end = await sample();
  running = false;
  await loading;
  return (end.accepted - start.accepted) / ((end.at - start.at) / 1000);
}

async function mqttLoad(url: string, key: string, running: () => boolean): Promise<void> {
  const clients = await Promise.all(
    Array.from({ length: publishers }, (_, p) =>
      mqtt.connectAsync(url, { clientId: `bench-${p}`, username: 'bench', password: key, reconnectPeriod: 0 }),
    ),
  );
  await Promise.all(
    clients.flatMap((client, p) => {
      const payload = batch(p);
      return Array.from({ length: inFlightPerPublisher }, async () => {
        while (running()) await client.publishAsync('bpm/v1/reports', payload, { qos: 1 });
      });
    }),
  );
  await Promise.all(clients.map((client) => client.endAsync()));
}

async function httpLoad(session: Session, running: () => boolean): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${session.key}` };
  await Promise.all(
    Array.from({ length: publishers * inFlightPerPublisher }, async (_, n) => {
      const body = batch(n % publishers);
      while (running())
        await (await fetch(`${session.server.url}/api/probes/reports`, { method: 'POST', headers, body })).arrayBuffer();
    }),
  );
}

async function throughput(session: Session, url: string): Promise<string> {
  const viaMqtt = await acceptedPerSecond(session, (running) => mqttLoad(url, session.key, running));
  const viaHttp = await acceptedPerSecond(session, (running) => httpLoad(session, running));
  const ratio = viaMqtt / viaHttp;
  return [
    `MQTT ingest, ${publishers} publishers, batches of ${batchSize}, QoS 1: ${fmt(viaMqtt)} reports/s  (target ≥ 60,000: ${verdict(viaMqtt >= 60_000, `${fmt(60_000 - viaMqtt)}/s`)}); ${fmt(ratio * 100)} % of HTTP ingest measured the same way, ${fmt(viaHttp)}/s  (target ≥ 80 %: ${verdict(ratio >= 0.8, `${fmt((0.8 - ratio) * 100, 1)} points`)})`,
    `    ${inFlightPerPublisher} publishes in flight per publisher (HTTP: as many requests); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  ].join('\n');
}

async function latency(session: Session, url: string): Promise<string> {
  const args = ['apps/simulator/dist/cli.js', '--quiet', '--key', session.key, '--probes', '5000', '--rate', '1'];
  const simulator = spawn(process.execPath, [...args, '--transport', 'mqtt', '--mqtt-url', url], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const dashboards = await Promise.all(Array.from({ length: 5 }, () => Dashboard.open(session, true)));
  try {
    await sleep(8000); // every probe has reported
    for (const d of dashboards) d.isMeasuring = true;
    await sleep(seconds * 1000);
    for (const d of dashboards) d.isMeasuring = false;
    const all = dashboards.flatMap((d) => d.latenciesMs).sort((a, b) => a - b);
    const p99 = percentileOfSorted(all, 99);
    return `5,000 probes × 1 Hz over MQTT: published → dashboard p50 ${fmt(percentileOfSorted(all, 50))} ms, p99 ${fmt(p99)} ms  (target ≤ 250 ms: ${verdict(p99 <= 250, `${fmt(p99 - 250)} ms`)}); ${fmt(all.length)} updates timed on 5 dashboards, including the simulator's 100 ms ticks and the 100 ms flush`;
  } finally {
    await stopProcess(simulator);
    for (const d of dashboards) d.close();
  }
}

/**
 * RSS added by 2,000 idle connections, on a fresh server and on one that has taken reports (as a plant's
 * does). Both hold V8's young generation growing to (or being touched again up to) its maximum on the burst of
 * CONNECTs, a one-time cost: 32 MB with the server's semi-space bound, 128 MB without it on Node 24
 * (docs/decisions/live-format.md#young-generation).
 */
async function idleConnectionsOn(session: Session, url: string, afterReports: boolean): Promise<string> {
  const count = 2000;
  if (afterReports) {
    let running = true;
    const loading = httpLoad(session, () => running);
    await sleep(3000);
    running = false;
    await loading;
  }
  await sleep(2000);
  const memory = async () => {
    const text = await metricsText(session);
    return {
      rss: metricIn(text, 'process_resident_memory_bytes'),
      heapUsed: metricIn(text, 'nodejs_heap_used_bytes'),
      heapTotal: metricIn(text, 'nodejs_heap_total_bytes'),
      open: metricIn(text, 'bpm_mqtt_connections'),
    };
  };
  const before = await memory();
  const clients: MqttClient[] = [];
  for (let i = 0; i < count; i += 200)
    clients.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(200, count - i) }, (_, n) =>
          mqtt.connectAsync(url, {
            clientId: `idle-${i + n}`,
            username: 'bench',
            password: session.key,
            reconnectPeriod: 0,
            keepalive: 60,
          }),
        ),
      )),
    );
  await sleep(3000);
  const after = await memory();
  await Promise.all(clients.map((client) => client.endAsync(true)));
  const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 1);
  const added = (after.rss - before.rss) / 1024 / 1024;
  const where = afterReports ? 'on a server that has taken reports for 3 s' : 'on a fresh server';
  const target = `  (target ≤ 100 MB: ${verdict(added <= 100, `${fmt(added - 100, 1)} MB`)})`;
  return [
    `${fmt(count)} idle MQTT connections ${where}: server RSS added ${fmt(added, 1)} MB${target}; the server counted ${fmt(after.open)} open`,
    `    V8 heap used +${mb(after.heapUsed - before.heapUsed)} MB, heap reserved +${mb(after.heapTotal - before.heapTotal)} MB, the rest (sockets, native) +${mb(after.rss - before.rss - (after.heapTotal - before.heapTotal))} MB; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  ].join('\n');
}

const idleConnections = (session: Session, url: string) => idleConnectionsOn(session, url, true);
const idleConnectionsFresh = (session: Session, url: string) => idleConnectionsOn(session, url, false);

async function main(): Promise<void> {
  const only = process.env.BENCH_MQTT_ONLY; // e.g. idleConnections: one scenario
  const scenarios = [throughput, latency, idleConnections, idleConnectionsFresh];
  for (const scenario of scenarios.filter((s) => !only || s.name.startsWith(only))) {
    const port = await freePort();
    const session = await startSession({ BPM_MQTT_PORT: String(port) });
    try {
      console.log(await scenario(session, `mqtt://127.0.0.1:${port}`));
    } finally {
      await session.server.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
