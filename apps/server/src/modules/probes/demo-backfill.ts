// A new demo plant starts with one hour of history (docs/history.md "Demo backfill"): the plant model
// runs over the past hour and its reports go straight into the history's minutes (not through ingest:
// they are past, and raise no events). A marker file in the data directory makes it happen once.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plant } from '@bpm/simulator';
import type { FastifyInstance } from 'fastify';

export const backfillMarkerFileName = 'history-backfilled';
export const backfillMs = 3_600_000;
/** One report per probe every 5 s: twelve a minute is plenty for min, max and mean. */
const stepMs = 5000;

/** Does this data directory still need its hour of history? */
export function needsBackfill(app: FastifyInstance): boolean {
  return !existsSync(join(app.config.dataDir, backfillMarkerFileName));
}

/** Runs `plant` (made at fromMs) up to toMs into the history, a simulated minute per event-loop turn, then marks it done. */
export async function backfillHistory(app: FastifyInstance, plant: Plant, fromMs: number, toMs: number): Promise<void> {
  const history = app.historyService;
  for (let t = fromMs; t < toMs; t += stepMs) {
    for (const r of plant.nextReports(plant.probeCount, t)) {
      history.recordAt(r.probeID, t, r.readings, r.batteryPercentage ?? null, r.assignment ?? null);
    }
    if ((t - fromMs) % 60_000 === 60_000 - stepMs) await new Promise((resolve) => setImmediate(resolve));
  }
  writeFileSync(join(app.config.dataDir, backfillMarkerFileName), `${new Date(toMs).toISOString()}\n`);
  app.log.info(`Backfilled ${Math.round((toMs - fromMs) / 60_000)} minutes of history for ${plant.probeCount} simulated probes`);
}
