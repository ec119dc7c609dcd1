// A slow reader must not delay the others (docs/security.md "Probe data bounds"): 5,000 probes × 1 Hz from the
// simulator, 20 dashboards that stop reading their socket as soon as it opens (their snapshot and updates pile
// up in the server's send buffers), and one normal dashboard timing every report from its timestamp to its arrival.
//   target: the normal dashboard's report → client p99 < 500 ms
import type { Socket } from 'node:net';
import { percentileOfSorted, verdict } from './figures';
import { Dashboard, fmt, metric, sleep, startSession, startSimulator, stopProcess } from './live-bench-kit';

const pausedCount = Number(process.env.BENCH_PAUSED ?? 20);

async function main(): Promise<void> {
  const session = await startSession();
  const simulator = startSimulator(session, { probes: 5_000, rate: 1 });
  const paused: Dashboard[] = [];
  let normal: Dashboard | undefined;
  try {
    for (let i = 0; i < pausedCount; i += 1) {
      const dashboard = await Dashboard.open(session, false);
      (dashboard.socket as unknown as { _socket: Socket })._socket.pause();
      paused.push(dashboard);
    }
    normal = await Dashboard.open(session, true);
    await sleep(8000); // warm-up: every probe has reported, the paused sockets' buffers are full
    normal.isMeasuring = true;
    await sleep(20_000);
    normal.isMeasuring = false;
    const all = [...normal.latenciesMs].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentileOfSorted(all, p));
    console.log(
      `5,000 probes × 1 Hz, ${pausedCount} paused dashboards: normal dashboard report → client p50 ${fmt(p50!)} ms, ` +
        `p95 ${fmt(p95!)} ms, p99 ${fmt(p99!)} ms  (target p99 < 500 ms: ${verdict(p99! < 500, `${fmt(p99! - 500)} ms`)})`,
    );
    console.log(
      `    ${fmt(all.length)} probe updates timed; server event loop delay p99 ` +
        `${fmt((await metric(session, 'bpm_event_loop_lag_seconds', 'quantile="0.99"')) * 1000)} ms, max ` +
        `${fmt((await metric(session, 'bpm_event_loop_lag_seconds', 'quantile="1"')) * 1000)} ms; ` +
        `server RSS ${fmt((await metric(session, 'process_resident_memory_bytes')) / 1024 / 1024)} MB`,
    );
  } finally {
    normal?.close();
    for (const d of paused) d.close();
    await stopProcess(simulator);
    await session.server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
