// `npm start`'s living plant (docs/probe-data.md (Simulator)): runs the plant simulator in this process against our own
// ingest API, with a demo API key made on first start and kept in the data directory (mode 600), so
// restarts reuse it. In-process rather than a child: nothing more to supervise, and at the demo's
// 200 probes × 1 Hz it costs the server well under 1% of a core.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { levelSatisfies, type FloorPlanUpdate } from '@bpm/protocol';
import type { PlantOptions, RunningSimulator } from '@bpm/simulator';
import type { FastifyInstance } from 'fastify';
import { apiKeyPrincipal } from '../../plugins/access.js';
import { createApiKey } from '../keys/keys.service.js';
import { hasFloorPlan, putFloorPlan } from '../plant/plant.service.js';
import { logLine } from '../../log-text.js';
import { usernameKey, usersHolding } from '../users/users.service.js';
import { backfillHistory, backfillMs, needsBackfill } from './demo-backfill.js';

export const demoKeyFileName = 'simulator-api-key';
/** Written once the demo hall was offered as the floor plan, so a plan removed on purpose stays removed. */
export const demoFloorPlanMarkerFileName = 'demo-floor-plan-offered';
const demoKeyName = 'Plant simulator (demo)';
const demo = { probes: 200, rate: 1, seed: 1 };
/**
 * The demo's faults start 100 times less often than those of the benchmarks' plant (docs/probe-data.md (Simulator)):
 * at full rate its 200 probes annunciated ~2,200 alarms an hour and kept ~17 probes in Warning or Critical, so the
 * hourly flood (docs/alarms.md (Simulator)) could not be told from the rest of the hour. Measured on 27 Nov after the
 * first flood: at 0.02, 5 annunciated alarms in 5 minutes; at 0.01, 1 in 7 minutes, one or two probes off Normal.
 */
const demoFaultRateScale = 0.01;

/**
 * The demo's plant, started an hour back when it fills the history first. That hour raises no events, so no fault
 * starts in it (docs/history.md "Demo backfill"): its history never passes a threshold that no alarm recorded.
 */
export function demoPlantOptions(nowMs: number, backfill: boolean): PlantOptions {
  return {
    probes: demo.probes,
    seed: demo.seed,
    startMs: backfill ? nowMs - backfillMs : nowMs,
    faultRateScale: demoFaultRateScale,
    faultsFromMs: nowMs,
  };
}

/** The stored key if it still works with Probes WRITE; otherwise a new one for the admin (or another probe writer). */
async function demoKey(app: FastifyInstance): Promise<string | undefined> {
  const file = join(app.config.dataDir, demoKeyFileName);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    const caller = await apiKeyPrincipal(app.db, token, new Date().toISOString());
    const level = caller?.permissions.get('Probes');
    if (level && levelSatisfies(level, 'WRITE')) return token;
  }
  const writers = await usersHolding(app.db, 'Probes', 'WRITE');
  const owner = writers.find((u) => usernameKey(u.username) === 'admin') ?? writers[0];
  if (!owner) return undefined;
  const days = app.config.keyMaxDays;
  const expirationDate = new Date(Date.now() + days * 24 * 3600 * 1000 - 60_000).toISOString();
  const created = await createApiKey(app.db, { userId: owner.userId, name: demoKeyName, expirationDate }, days);
  writeFileSync(file, `${created.token}\n`, { mode: 0o600 });
  app.log.info(logLine`Created the API key "${demoKeyName}" for ${owner.username} for the plant simulator`);
  return created.token;
}

/**
 * The demo hall's floor plan (docs/plant.md (Demo hall)), installed when none is stored, once per data directory.
 * Checked like an upload (putFloorPlan), so the shipped SVG passes the same rules.
 */
async function offerDemoFloorPlan(app: FastifyInstance, plan: FloorPlanUpdate): Promise<void> {
  const marker = join(app.config.dataDir, demoFloorPlanMarkerFileName);
  if (existsSync(marker)) return;
  if (!(await hasFloorPlan(app.db))) {
    await putFloorPlan(app.db, plan, new Date());
    app.log.info('Installed the demo hall as the floor plan');
  }
  writeFileSync(marker, `${new Date().toISOString()}\n`);
}

/** Starts the simulator against http://{host}:{port}/api; it stops on SIGINT/SIGTERM before the server closes. */
export async function startDemoSimulator(app: FastifyInstance, port: number): Promise<RunningSimulator | undefined> {
  const key = await demoKey(app);
  if (!key) {
    app.log.warn('Plant simulator not started: no user holds the Probes permission at WRITE to own its API key');
    return undefined;
  }
  const { Plant, demoHallFloorPlan, startSimulator } = await import('@bpm/simulator');
  await offerDemoFloorPlan(app, demoHallFloorPlan());
  // A new plant first fills an hour of history, then carries on live from where that hour ended.
  const now = Date.now();
  const backfill = needsBackfill(app);
  const plant = new Plant(demoPlantOptions(now, backfill));
  if (backfill) await backfillHistory(app, plant, now - backfillMs, now);
  const host = app.config.host === '0.0.0.0' ? '127.0.0.1' : app.config.host === '::' ? '[::1]' : app.config.host;
  const simulator = startSimulator({ url: `http://${host}:${port}/api`, key, ...demo, plant });
  // Registered before main.ts's own handlers, so the simulator stops sending before the server closes.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void simulator.stop());
  app.log.info(`Plant simulator running: ${demo.probes} probes at ${demo.rate} Hz`);
  return simulator;
}
