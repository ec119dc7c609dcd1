// 50 CSV exports at once must not stall other clients (docs/security.md "Probe data bounds"): the built server
// on a temporary SQLite database holding 8 days of minutes for 10 probes; 50 clients each download one probe's
// 8-day `history.csv` at the same moment over real HTTP, while a normal client asks `GET /api/health/live` every
// 20 ms and times each answer. Prints the normal client's worst wait beside the target, and the longest event-loop
// task (CPU, wall beside it).
// Then the same with a pack carried by 20,000 probes, a new AGV each minute for 2 minutes (40,000 carriages): 50
// clients download `GET /api/packs/777/history.csv` at once.
//   target: the normal client's longest wait while the 50 exports run ≤ 2 s (each case)
// Run: npx tsc -b && node --import tsx bench/csv-exports.bench.ts
import { performance } from 'node:perf_hooks';
import { percentile, verdict } from './figures';
import { fmt, longestTask, openApp, signIn, t0 } from './history-bench-kit';

const probes = 10;
const exports = 50;
const days = 8;

async function main(): Promise<void> {
  let now = t0;
  const { app, close } = await openApp(() => now);
  try {
    const start = t0 - days * 86_400_000;
    for (let p = 0; p < probes; p++) {
      for (let ms = start; ms < t0; ms += 60_000) {
        const temperature = 30 + Math.sin(ms / 3.6e6 + p) * 5;
        app.historyService.recordAt(`CSV-${p}`, ms, [{ origin: 'CAN', temperature, valid: true }], 80, null);
      }
    }
    now = t0 + 3_600_000;
    await app.historyService.rollUp();
    const cookie = await signIn(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const range = `from=${new Date(start + 60_000).toISOString()}&to=${new Date(t0).toISOString()}`;

    await measure(
      address,
      `${exports} parallel ${days}-day CSV exports (${probes} probes × ${fmt(days * 1440, 0)} minutes)`,
      (i) => fetch(`${address}/api/probes/CSV-${i % probes}/history.csv?${range}`, { headers: { cookie } }),
    );

    // A pack carried by 20,000 probes, each on a new AGV in the second minute: 40,000 carriages.
    const carriers = 20_000;
    for (let minute = 0; minute < 2; minute++) {
      const ms = t0 + 2 * 3_600_000 + minute * 60_000;
      for (let p = 0; p < carriers; p++) {
        app.historyService.recordAt(`PACK-${p}`, ms, [{ origin: 'CAN', temperature: 31, valid: true }], 80, {
          buildStage: { id: 3, name: 'Busbar welding' },
          agv: { id: minute * carriers + p + 1, name: `AGV-${minute * carriers + p + 1}` },
          batteryPack: { id: 777, name: 'Pack 777' },
          expectingCANData: true,
        });
      }
      now = ms + 60_000;
      await app.historyService.flushFinished();
    }
    await measure(address, `${exports} parallel CSV exports of a pack with ${fmt(carriers * 2, 0)} carriages`, () =>
      fetch(`${address}/api/packs/777/history.csv`, { headers: { cookie } }),
    );
  } finally {
    await close();
  }
}

/** Runs the 50 exports at once while a normal client times `GET /api/health/live`; prints the figures. */
async function measure(address: string, what: string, download: (i: number) => Promise<Response>): Promise<void> {
  let exporting = true;
  const waits: number[] = [];
  const normalClient = (async () => {
    while (exporting) {
      const asked = performance.now();
      const response = await fetch(`${address}/api/health/live`);
      await response.text();
      waits.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  let bytes = 0;
  let lines = 0;
  let exportMs = 0;
  const task = await longestTask(async () => {
    const began = performance.now();
    await Promise.all(
      Array.from({ length: exports }, async (_, i) => {
        const response = await download(i);
        if (response.status !== 200) throw new Error(`export ${i}: ${response.status} ${await response.text()}`);
        const text = await response.text();
        bytes += text.length;
        lines += text.split('\n').length - 1;
      }),
    );
    exportMs = performance.now() - began;
  });
  exporting = false;
  await normalClient;

  const worst = Math.max(...waits);
  console.log(`${what}: ${fmt(lines, 0)} lines, ${fmt(bytes / 1024 / 1024)} MB in ${fmt(exportMs / 1000, 2)} s`);
  console.log(
    `normal client's longest wait while they ran ${fmt(worst, 0)} ms  (target ≤ 2,000 ms: ` +
      `${verdict(worst <= 2000, `${fmt(worst - 2000, 0)} ms`)}); p99 ${fmt(percentile(waits, 99), 0)} ms over ` +
      `${waits.length} requests`,
  );
  console.log(`    longest event-loop task ${fmt(task.cpu, 0)} ms CPU (${fmt(task.wall, 0)} ms wall)`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
