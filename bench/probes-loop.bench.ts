// The event loop while the whole plant is walked (docs/security.md "Probe data bounds"): 100,000 probes in
// a real app, then a threshold change (re-evaluates every probe) and GET /probes, each printing the longest
// time the event loop was held beside the 50 ms target. Run: node --import tsx bench/probes-loop.bench.ts
// (env: BENCH_PROBES). Bounded: about 20 s on one core.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProbeReportInput } from '@bpm/protocol';
import { createTestApp } from '../apps/server/src/testing/test-app';

const probeCount = Number(process.env.BENCH_PROBES ?? 100_000);
const report = (i: number): ProbeReportInput => ({
  probeID: `P-${i}`,
  readings: [{ origin: 'CAN', temperature: 30, valid: true }],
  batteryPercentage: 80,
  assignment: { buildStage: null, agv: null, batteryPack: { id: i, name: `Pack ${i}` }, expectingCANData: true },
});

async function longestBlockMs(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await work();
  histogram.disable();
  return histogram.max / 1e6;
}

async function main() {
  const t = await createTestApp({ maxProbes: probeCount });
  try {
    const cookie = await t.loginAsAdmin();
    const headers = { cookie, origin: 'http://localhost' };
    for (let start = 0; start < probeCount; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, probeCount - start) }, (_, i) => report(start + i));
      await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: batch });
    }
    const reevaluate = await longestBlockMs(() =>
      t.app.inject({ method: 'PUT', url: '/api/system/config', headers, payload: { batteryLevelWarning: 85 } }),
    );
    let bytes = 0;
    let listed = 0;
    const list = await longestBlockMs(async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/probes', headers });
      bytes = answer.rawPayload.length;
      listed = (answer.json() as unknown[]).length;
    });
    console.log(`probes: ${listed}`);
    console.log(`threshold re-evaluation: longest event-loop block ${reevaluate.toFixed(1)} ms (target ≤ 50 ms)`);
    console.log(`GET /probes (${(bytes / 1e6).toFixed(1)} MB): longest event-loop block ${list.toFixed(1)} ms (target ≤ 50 ms)`);
  } finally {
    await t.close();
  }
}

void main();
