// Server benchmark (issues 3 and 15): drives a real server process with the plant simulator (a separate
// process, through the real ingest API with an API key) and real `ws` dashboards on the compact format
// (the web client's default), and prints each figure beside its target and, where one exists, beside the
// ceiling measured in the same run. Server-side figures come from the server's own /metrics.
//   1. ingest, 20 dashboards: reports/s          target ≥ 60,000 and ≥ 55 % of the bare parse + validate ceiling
//   2. 10,000 probes × 1 Hz, 100 dashboards      target report → client p99 ≤ 250 ms, server RSS ≤ 350 MB;
//      and the compact wire: bytes per probe update ≤ 150, 10,000-probe snapshot ≤ 1.5 MB (spec format beside)
// Profiling: BENCH_SCENARIOS=throughput,plant picks scenarios; BENCH_SERVER_NODE_ARGS are the server's node
// flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { probeReportBatchSchema } from '@bpm/protocol';
import { Plant } from '@bpm/simulator';
import { percentileOfSorted, verdict } from './figures';
import {
  cpuMeter,
  Dashboard,
  fmt,
  metric,
  metricIn,
  metricsText,
  ownCpuSeconds,
  PassiveDashboards,
  sleep,
  startSession,
  startSimulator,
  stopProcess,
  type Session,
} from './live-bench-kit';

/** The flush duration histogram of /metrics as "flushes: n, ≤ 25 ms x %, ≤ 100 ms y %, slowest bucket". */
async function flushDurations(session: Session): Promise<string> {
  const text = await metricsText(session);
  const buckets = [...text.matchAll(/^bpm_live_flush_duration_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)].map((m) => ({
    le: m[1]!,
    count: Number(m[2]),
  }));
  const total = buckets.find((b) => b.le === '+Inf')?.count ?? 0;
  const share = (le: string) => fmt(((buckets.find((b) => b.le === le)?.count ?? 0) / total) * 100, 1);
  return `flushes since start ${fmt(total)}: ${share('0.025')} % within 25 ms, ${share('0.05')} % within 50 ms, ${share('0.1')} % within 100 ms`;
}

/**
 * The ceiling of the ingest path on this machine, now: JSON.parse + the batch schema of 1,000-report
 * bodies from the bench plant, on one thread, nothing else (no engine, no HTTP, no fan-out).
 */
function parseValidateCeiling(seconds = 3): { perSecond: number; perCpuSecond: number } {
  const plant = new Plant({ probes: 1000, seed: 7, startMs: Date.now() });
  const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify(plant.nextReports(1000, Date.now() + i * 10)));
  let reports = 0;
  const started = performance.now();
  const cpuBefore = ownCpuSeconds();
  for (let i = 0; performance.now() - started < seconds * 1000; i += 1) {
    reports += (probeReportBatchSchema.parse(JSON.parse(bodies[i % bodies.length]!)) as unknown[]).length;
  }
  return { perSecond: reports / ((performance.now() - started) / 1000), perCpuSecond: reports / (ownCpuSeconds() - cpuBefore) };
}

async function throughput(): Promise<string> {
  const ceiling = parseValidateCeiling();
  const session = await startSession();
  const dashboards = await PassiveDashboards.open(session, 20);
  // 1,000 probes (a large plant) each reporting far faster than real probes: the load is what counts.
  const simulator = startSimulator(session, { probes: 1000, rate: 100, tickMs: 20, inFlight: 8 });
  try {
    await sleep(5000); // warm-up
    const bytesBefore = await dashboards.bytes();
    const cpu = await cpuMeter(session, simulator);
    await sleep(15_000);
    const usage = await cpu();
    const { seconds, accepted } = usage;
    const perSecond = accepted / seconds;
    const received = ((await dashboards.bytes()) - bytesBefore) / seconds;
    const backedUp = await metric(session, 'bpm_live_sockets_backed_up');
    const target = 60_000;
    const ratio = perSecond / ceiling.perSecond;
    const perCpuSecond = accepted / usage.serverCpuSeconds;
    return [
      `ingest, 20 dashboards: ${fmt(perSecond)} reports/s = ${fmt(ratio * 100)} % of the same-run ceiling ${fmt(ceiling.perSecond)}/s  (target ≥ ${fmt(target)}/s: ${verdict(perSecond >= target, `${fmt(target - perSecond)}/s`)}; ≥ 55 % of the ceiling: ${verdict(ratio >= 0.55, `${fmt((0.55 - ratio) * 100, 1)} points`)})`,
      `    ceiling = JSON.parse + batch schema of 1,000-report bodies on one thread of the bench process, measured just before`,
      `    per CPU-second (the figure a busy machine does not distort): server ${fmt(perCpuSecond)} reports (${fmt((usage.serverCpuSeconds / accepted) * 1e6, 1)} µs each, all work included), ceiling ${fmt(ceiling.perCpuSecond)} → ${fmt((perCpuSecond / ceiling.perCpuSecond) * 100)} % of the ceiling`,
      `    1,000 probes; compact dashboards received ${fmt(received / 1e6, 1)} MB/s in total; ${backedUp} of 20 sockets backed up at the end`,
      `    ${usage.line}`,
    ].join('\n');
  } finally {
    await stopProcess(simulator);
    await dashboards.close();
    await session.server.stop();
  }
}

/** 10,000 probes × 1 Hz with 100 dashboards (compact): latency, RSS, and the wire in both formats. */
async function plant(): Promise<string> {
  const session = await startSession();
  const simulator = startSimulator(session, { probes: 10_000, rate: 1 });
  // 100 dashboards on the compact format, as the web client asks: 95 passive on a worker, 5 measuring on
  // this thread. The spec-format dashboard (bytes beside) joins only after the timed window: a spec socket
  // makes the server serialise every changed probe a second time (~17 % of its CPU in this scenario,
  // profiled), which is not the 100-dashboard plant the target describes.
  const passive = await PassiveDashboards.open(session, 95);
  const dashboards = await Promise.all(Array.from({ length: 5 }, () => Dashboard.open(session, true)));
  let spec: Dashboard | undefined;
  try {
    await sleep(8000); // warm-up: every probe has reported
    for (const d of dashboards) d.isMeasuring = true;
    const cpu = await cpuMeter(session, simulator);
    let peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0 };
    for (let second = 0; second < 20; second++) {
      await sleep(1000);
      const text = await metricsText(session);
      const rss = metricIn(text, 'process_resident_memory_bytes');
      if (rss > peak.rss) {
        const [heapUsed, heapTotal, external] = [
          'nodejs_heap_used_bytes',
          'nodejs_heap_total_bytes',
          'nodejs_external_memory_bytes',
        ].map((m) => metricIn(text, m));
        peak = { rss, heapUsed: heapUsed!, heapTotal: heapTotal!, external: external! };
      }
    }
    const usage = await cpu();
    const { accepted } = usage;
    for (const d of dashboards) d.isMeasuring = false;
    const flushes = await flushDurations(session);
    // The spec format's bytes per update, on the same plant, over a few seconds of its own.
    spec = await Dashboard.open(session, true, 'spec');
    await Promise.race([spec.snapshotDone, sleep(10_000)]);
    spec.isMeasuring = true;
    await sleep(3000);
    spec.isMeasuring = false;
    spec.close(); // its bytes are counted; the late joiners below should not wait behind its serialisation
    // Late joiners: what a dashboard that signs in now downloads.
    const lateCompact = await Dashboard.open(session, true);
    const lateSpec = await Dashboard.open(session, true, 'spec');
    // A starved server can take seconds; the figure is the snapshot's size, not its time.
    await Promise.race([Promise.all([lateCompact.snapshotDone, lateSpec.snapshotDone]), sleep(30_000)]);
    lateCompact.close();
    lateSpec.close();
    const all = dashboards.flatMap((d) => d.latenciesMs).sort((a, b) => a - b);
    const p50 = percentileOfSorted(all, 50);
    const p99 = percentileOfSorted(all, 99);
    const probes = await metric(session, 'bpm_probes');
    const mb = (bytes: number) => fmt(bytes / 1024 / 1024);
    const compactUpdates = dashboards.reduce((n, d) => n + d.probeUpdates, 0);
    const compactPerUpdate = dashboards.reduce((n, d) => n + d.updateBytes, 0) / compactUpdates;
    const specPerUpdate = spec.updateBytes / spec.probeUpdates;
    // The probes' snapshot alone: the open alarms' snapshot comes ahead of it, printed beside.
    const snapshotMB = (lateCompact.snapshotWireBytes - lateCompact.wireBeforeSnapshot) / 1e6;
    const snapshotComplete = lateCompact.snapshotWireBytes > 0;
    return [
      `10,000 probes × 1 Hz, 100 dashboards: report → client p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms  (target p99 ≤ 250 ms: ${verdict(p99 <= 250, `${fmt(p99 - 250)} ms`)}); server RSS peak ${mb(peak.rss)} MB  (target ≤ 350 MB: ${verdict(peak.rss <= 350 * 1024 * 1024, `${mb(peak.rss - 350 * 1024 * 1024)} MB`)})`,
      `bytes per probe update, compact, bench plant: ${fmt(compactPerUpdate)}  (target ≤ 150: ${verdict(compactPerUpdate <= 150, fmt(compactPerUpdate - 150))}); spec format in the same run ${fmt(specPerUpdate)}`,
      `10,000-probe snapshot, compact: ${fmt(snapshotMB, 2)} MB on the wire  (target ≤ 1.5 MB: ${snapshotComplete ? verdict(snapshotMB <= 1.5, `${fmt(snapshotMB - 1.5, 2)} MB`) : 'NOT MEASURED: the late snapshot did not complete within 30 s'}); ${fmt(lateCompact.snapshotBytes / 1e6, 2)} MB of JSON before permessage-deflate; spec format in the same run ${fmt(lateSpec.snapshotWireBytes / 1e6, 2)} MB with what comes before it`,
      `    ahead of it, systemConfig and the open alarms' snapshot (${fmt(lateCompact.alarmsInSnapshot)} alarms): ${fmt(lateCompact.wireBeforeSnapshot / 1e6, 2)} MB on the wire; a dashboard signing in downloads ${fmt(lateCompact.snapshotWireBytes / 1e6, 2)} MB in all`,
      `    ${fmt(probes)} probes; ${fmt(all.length)} probe updates timed on 5 dashboards; latency includes the simulator's batching and the 100 ms flush`,
      `    at the RSS peak: V8 heap ${mb(peak.heapUsed)} MB used of ${mb(peak.heapTotal)} MB, external ${mb(peak.external)} MB; ${flushes}`,
      `    server CPU per accepted report, all work with 100 dashboards (the figure a busy machine distorts least): ${fmt((usage.serverCpuSeconds / accepted) * 1e6, 1)} µs (${fmt(accepted)} reports in the window)`,
      `    ${usage.line}`,
      `    server event loop delay since start: p99 ${fmt((await metric(session, 'bpm_event_loop_lag_seconds', 'quantile="0.99"')) * 1000)} ms, max ${fmt((await metric(session, 'bpm_event_loop_lag_seconds', 'quantile="1"')) * 1000)} ms`,
    ].join('\n');
  } finally {
    await stopProcess(simulator);
    for (const d of dashboards) d.close();
    spec?.close();
    await passive.close();
    await session.server.stop();
  }
}

async function main(): Promise<void> {
  const results: string[] = [];
  const chosen = process.env.BENCH_SCENARIOS?.split(',');
  for (const scenario of [throughput, plant].filter((s) => !chosen || chosen.includes(s.name))) {
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
