// Probe-report ingest throughput through the real route (POST /api/probes/reports, app.inject), for benches that
// compare it under two conditions (docs/notifications.md, issue 36: "ingest throughput unchanged while waiting").
import type { FastifyInstance } from 'fastify';

/** Normal readings (25 °C at Busbar welding): accepted and stored, but no alarm, so no notification. */
const normalReport = (probeID: string) => ({
  probeID,
  readings: [
    { origin: 'CAN', temperature: 25, valid: true },
    { origin: 'Thermocouple', temperature: 25, valid: true },
  ],
  batteryPercentage: 80,
  assignment: {
    buildStage: { id: 3, name: 'Busbar welding' },
    agv: { id: 1, name: 'AGV-1' },
    batteryPack: { id: 9, name: 'Pack 9' },
  },
});

export const ingestBatchSize = 500;

/** The same batch every time: after the first (warm-up) call the probes exist, as on a running site. */
export function ingestBatch(prefix: string): object[] {
  return Array.from({ length: ingestBatchSize }, (_, i) => normalReport(`${prefix}-${i}`));
}

/** Reports/s accepted sending `batch` back to back for `ms` (at least once); throws on an answer other than 202. */
export async function ingestRate(
  app: FastifyInstance,
  headers: Record<string, string>,
  batch: object[],
  ms: number,
): Promise<number> {
  const start = performance.now();
  let accepted = 0;
  do {
    const r = await app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: batch });
    if (r.statusCode !== 202) throw new Error(`ingest: ${r.statusCode} ${r.body}`);
    accepted += (r.json() as { accepted: number }).accepted;
  } while (performance.now() - start < ms);
  return accepted / ((performance.now() - start) / 1000);
}
