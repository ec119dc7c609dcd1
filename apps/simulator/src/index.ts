// The plant simulator as a library: startSimulator() runs the plant against a server's ingest API
// (used by the server's main.ts for `npm start`, by the CLI and by the benchmarks).
import type { ProbeReport } from '@bpm/protocol';
import { Plant } from './plant.js';
import { MqttReportSender } from './mqtt-sender.js';
import { ReportSender, type SenderStats } from './sender.js';

export { Plant, buildStages, type BuildStage, type Fault, type PlantOptions } from './plant.js';
export { ReportSender, type SenderStats } from './sender.js';
export { demoHallFloorPlan, hallCorners } from './demo-hall.js';
export { MqttReportSender } from './mqtt-sender.js';

export interface SimulatorOptions {
  /** API base, e.g. http://localhost:8080/api (reports go to {url}/probes/reports). */
  url: string;
  /** An API key (bpm_…) whose owner holds Probes WRITE. */
  key: string;
  probes: number;
  /** Reports per probe per second. */
  rate: number;
  seed: number;
  /** How often reports are generated and sent. */
  tickMs?: number;
  maxInFlight?: number;
  batchSize?: number;
  /** HTTP (default) or MQTT: batches published to bpm/v1/reports at QoS 1 on mqttUrl (docs/mqtt.md). */
  transport?: 'http' | 'mqtt';
  /** e.g. mqtt://localhost:1883, with the API key as password. */
  mqttUrl?: string;
  /** A plant already running (e.g. one that filled past history first); by default a new one starting now. */
  plant?: Plant;
}

export interface RunningSimulator {
  readonly stats: SenderStats;
  readonly plant: Plant;
  stop(): Promise<void>;
}

export function startSimulator(options: SimulatorOptions): RunningSimulator {
  const plant = options.plant ?? new Plant({ probes: options.probes, seed: options.seed, startMs: Date.now() });
  const sender =
    options.transport === 'mqtt'
      ? new MqttReportSender(options.mqttUrl ?? 'mqtt://localhost:1883', options.key, options.maxInFlight ?? 4, options.batchSize)
      : new ReportSender(options.url, options.key, options.maxInFlight ?? 4, options.batchSize);
  const tickMs = options.tickMs ?? 100;
  const pending = new Set<Promise<void>>();
  let due = 0;
  let lastMs = Date.now();

  const tick = () => {
    const now = Date.now();
    due += ((now - lastMs) / 1000) * options.rate * options.probes;
    lastMs = now;
    // When the server cannot keep up, at most two ticks' worth waits; the rest is dropped (as a gateway
    // would send only the latest reading), so nothing queues without bound here either.
    due = Math.min(due, Math.max(plant.probeCount, (2 * options.rate * options.probes * tickMs) / 1000));
    const count = Math.min(Math.floor(due), sender.capacity);
    if (count <= 0) return;
    due -= count;
    // Above one report per probe per tick (load tests), the round-robin simply goes round again.
    const reports: ProbeReport[] = [];
    while (reports.length < count) reports.push(...plant.nextReports(Math.min(count - reports.length, plant.probeCount), now));
    const sending = sender.send(reports);
    pending.add(sending);
    void sending.finally(() => pending.delete(sending));
  };

  const timer = setInterval(tick, tickMs);
  return {
    stats: sender.stats,
    plant,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...pending]);
      if (sender instanceof MqttReportSender) await sender.close();
    },
  };
}
