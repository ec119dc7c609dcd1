// The plant model (docs/probe-data.md (Simulator)): AGVs carry battery packs through the build stages, each with a probe.
// Temperatures drift towards each stage's level with noise; faults come and go. Pure and seeded:
// time is passed in, so the same seed and the same calls give the same reports.
import type { Assignment, ProbeReport, Reading } from '@bpm/protocol';
import { agvMetresPerSecond, alongPath, pathBetween, slotOf, toLatLon } from './demo-hall.js';
import { floodStageAt } from './flood-schedule.js';
import { Random } from './random.js';

export interface BuildStage {
  id: number;
  name: string;
  /** Typical time an AGV spends here. */
  durationSeconds: number;
  /** Pack temperature this stage drives towards. */
  temperature: number;
  /** Is the pack's BMS connected (CAN data expected) at this stage? */
  expectingCANData: boolean;
  charging: boolean;
}

export const buildStages: readonly BuildStage[] = [
  { id: 1, name: 'Cell stacking', durationSeconds: 90, temperature: 22, expectingCANData: false, charging: false },
  { id: 2, name: 'Module assembly', durationSeconds: 120, temperature: 24, expectingCANData: false, charging: false },
  { id: 3, name: 'Busbar welding', durationSeconds: 80, temperature: 36, expectingCANData: true, charging: false },
  { id: 4, name: 'Pack sealing', durationSeconds: 100, temperature: 28, expectingCANData: true, charging: false },
  { id: 5, name: 'End-of-line test', durationSeconds: 150, temperature: 32, expectingCANData: true, charging: false },
  { id: 6, name: 'Charging', durationSeconds: 180, temperature: 30, expectingCANData: true, charging: true },
];

export type Fault = 'thermocoupleLoose' | 'canDropout' | 'overheating' | 'lowBattery' | 'silent';

/** Chance per probe per second that a fault starts, and how long it lasts. */
const faultRates: Record<Fault, { perSecond: number; seconds: [number, number] }> = {
  thermocoupleLoose: { perSecond: 1 / 1800, seconds: [20, 90] },
  canDropout: { perSecond: 1 / 1200, seconds: [5, 30] },
  overheating: { perSecond: 1 / 250, seconds: [25, 60] }, // only at Busbar welding
  lowBattery: { perSecond: 1 / (6 * 3600), seconds: [600, 900] },
  silent: { perSecond: 1 / 3600, seconds: [15, 45] },
};

const firmwareVersions = ['2.4.1', '2.4.1', '2.4.1', '2.5.0', '2.3.7'];
/** How far an AGV's reported position strays from its way (GNSS noise), in metres. */
const positionNoiseMetres = 0.3;
const timeConstantSeconds = 40;

interface ProbeModel {
  probeID: string;
  firmwareVersion: string;
  agv: { id: number; name: string };
  pack: { id: number; name: string } | null;
  stageIndex: number;
  /** The stage it drove from into this one: for the first seconds of a stage it is on its way (demo-hall.ts). */
  fromStageIndex: number;
  stageSeconds: number;
  stageDurationSeconds: number;
  /** Seconds left without a pack between two packs (the AGV fetching the next one). */
  idleSeconds: number;
  canTemperature: number;
  thermocoupleTemperature: number;
  batteryPercentage: number;
  faults: Map<Fault, number>;
  lastMs: number;
}

export interface PlantOptions {
  probes: number;
  seed: number;
  startMs: number;
  /**
   * Multiplies every fault's chance of starting (default 1). The benchmarks keep 1, a load heavy in events; the
   * demo plant of `npm start` lowers it, so that its faults stay occasional (docs/probe-data.md (Simulator)).
   */
  faultRateScale?: number;
  /**
   * No fault starts before this time, the hourly flood's included (default: from the start). The demo's backfilled
   * hour of history raises no events, so a fault in it would leave temperatures past a threshold beside "No alarms"
   * (docs/history.md "Demo backfill").
   */
  faultsFromMs?: number;
}

export class Plant {
  private readonly random: Random;
  private readonly models: ProbeModel[] = [];
  private nextPackId = 1000;
  private cursor = 0;
  private readonly startMs: number;
  private readonly faultRateScale: number;
  private readonly faultsFromMs: number;

  constructor(options: PlantOptions) {
    this.random = new Random(options.seed);
    this.startMs = options.startMs;
    this.faultRateScale = options.faultRateScale ?? 1;
    this.faultsFromMs = options.faultsFromMs ?? options.startMs;
    for (let i = 0; i < options.probes; i++) this.models.push(this.newModel(i, options.startMs));
  }

  get probeCount(): number {
    return this.models.length;
  }

  probeIDs(): string[] {
    return this.models.map((m) => m.probeID);
  }

  /**
   * The next `count` reports, round-robin over the probes (at most one per probe per call), each
   * probe's model advanced to nowMs first. Silent probes are skipped (their watchdog should fire).
   */
  nextReports(count: number, nowMs: number): ProbeReport[] {
    const reports: ProbeReport[] = [];
    const n = Math.min(count, this.models.length);
    for (let i = 0; i < n; i++) {
      const model = this.models[this.cursor]!;
      this.cursor = (this.cursor + 1) % this.models.length;
      this.advance(model, nowMs);
      if (model.faults.has('silent')) continue;
      reports.push(this.report(model, nowMs));
    }
    return reports;
  }

  private newModel(index: number, startMs: number): ProbeModel {
    const stageIndex = this.random.int(0, buildStages.length - 1);
    const stage = buildStages[stageIndex]!;
    return {
      probeID: `P-${String(index + 1).padStart(4, '0')}`,
      firmwareVersion: this.random.pick(firmwareVersions),
      agv: { id: index + 1, name: `AGV-${index + 1}` },
      pack: this.newPack(),
      stageIndex,
      fromStageIndex: (stageIndex + buildStages.length - 1) % buildStages.length,
      stageSeconds: this.random.between(0, stage.durationSeconds),
      stageDurationSeconds: stage.durationSeconds * this.random.between(0.8, 1.2),
      idleSeconds: 0,
      canTemperature: stage.temperature + this.random.gaussian(),
      thermocoupleTemperature: stage.temperature - 1 + this.random.gaussian(),
      // A few probes start low, so a new plant shows battery warnings from the first minute.
      batteryPercentage: this.random.chance(0.03) ? this.random.between(8, 24) : this.random.between(35, 100),
      faults: new Map(),
      lastMs: startMs,
    };
  }

  private newPack(): { id: number; name: string } {
    const id = this.nextPackId++;
    return { id, name: `Pack ${id}` };
  }

  private advance(model: ProbeModel, nowMs: number): void {
    const dt = Math.max(0, (nowMs - model.lastMs) / 1000);
    model.lastMs = nowMs;
    if (dt === 0) return;
    this.advanceFaults(model, dt);
    this.advanceStage(model, dt);
    const stage = buildStages[model.stageIndex]!;

    let target = model.pack ? stage.temperature : 21;
    const isOverheating = model.faults.has('overheating');
    // A welding fault heats fast (a few seconds to pass the warning level, tens to pass the alarm).
    if (isOverheating) target = 68;
    const decay = Math.exp(-dt / (isOverheating ? 20 : timeConstantSeconds));
    const noise = Math.sqrt(Math.min(dt, 5)) * 0.3;
    model.canTemperature = target + (model.canTemperature - target) * decay + this.random.gaussian() * noise;
    model.thermocoupleTemperature =
      target - 1.5 + (model.thermocoupleTemperature - target + 1.5) * decay + this.random.gaussian() * noise;

    // A failing probe battery drains fast and takes no charge until the fault passes.
    const isLowBattery = model.faults.has('lowBattery');
    const isCharging = model.pack !== null && stage.charging && !isLowBattery;
    const drainPerSecond = isLowBattery ? 0.15 : 0.004;
    model.batteryPercentage += isCharging ? 0.5 * dt : -drainPerSecond * dt;
    model.batteryPercentage = Math.min(100, Math.max(0, model.batteryPercentage));
  }

  private advanceFaults(model: ProbeModel, dt: number): void {
    for (const [fault, left] of model.faults) {
      if (left - dt <= 0) model.faults.delete(fault);
      else model.faults.set(fault, left - dt);
    }
    if (model.lastMs < this.faultsFromMs) return;
    for (const fault of Object.keys(faultRates) as Fault[]) {
      if (model.faults.has(fault)) continue;
      if (
        fault === 'overheating' &&
        model.pack !== null &&
        floodStageAt(this.startMs, model.lastMs) === buildStages[model.stageIndex]!.id
      ) {
        model.faults.set(fault, this.random.between(30, 60)); // the hourly flood (flood-schedule.ts)
        continue;
      }
      if (fault === 'overheating' && buildStages[model.stageIndex]!.name !== 'Busbar welding') continue;
      const { perSecond, seconds } = faultRates[fault];
      if (this.random.chance(1 - Math.exp(-perSecond * this.faultRateScale * dt)))
        model.faults.set(fault, this.random.between(seconds[0], seconds[1]));
    }
  }

  private advanceStage(model: ProbeModel, dt: number): void {
    if (model.pack === null) {
      model.idleSeconds -= dt;
      if (model.idleSeconds > 0) return;
      model.pack = this.newPack();
      this.enterStage(model, 0);
      return;
    }
    model.stageSeconds += dt;
    if (model.stageSeconds < model.stageDurationSeconds) return;
    if (model.stageIndex === buildStages.length - 1) {
      // The pack is finished: the AGV goes to fetch the next one, unassigned meanwhile.
      model.pack = null;
      model.idleSeconds = this.random.between(10, 40);
      return;
    }
    this.enterStage(model, model.stageIndex + 1);
  }

  private enterStage(model: ProbeModel, index: number): void {
    // After Charging and the wait for a new pack, the way back to Cell stacking.
    model.fromStageIndex = model.stageIndex;
    model.stageIndex = index;
    model.stageSeconds = 0;
    model.stageDurationSeconds = buildStages[index]!.durationSeconds * this.random.between(0.8, 1.2);
    model.faults.delete('overheating');
  }

  private report(model: ProbeModel, nowMs: number): ProbeReport {
    const stage = buildStages[model.stageIndex]!;
    const round = (value: number) => Math.round(value * 100) / 100;
    const readings: Reading[] = [];
    if (!model.faults.has('canDropout') && model.pack && stage.expectingCANData) {
      readings.push({ origin: 'CAN', temperature: round(model.canTemperature), valid: true });
    }
    const isLoose = model.faults.has('thermocoupleLoose');
    // A loose thermocouple reads the air around it and flags itself invalid.
    readings.push({
      origin: 'Thermocouple',
      temperature: round(isLoose ? 20 + this.random.gaussian() * 3 : model.thermocoupleTemperature),
      valid: !isLoose,
    });
    const assignment: Assignment | null = model.pack
      ? {
          buildStage: { id: stage.id, name: stage.name },
          agv: model.agv,
          batteryPack: model.pack,
          expectingCANData: stage.expectingCANData,
        }
      : null;
    return {
      probeID: model.probeID,
      firmwareVersion: model.firmwareVersion,
      timestamp: new Date(nowMs).toISOString(),
      readings,
      batteryPercentage: round(model.batteryPercentage),
      batteryCharging: model.pack !== null && stage.charging && !model.faults.has('lowBattery'),
      ...this.position(model),
      assignment,
    };
  }

  /**
   * Where the AGV is in the demo hall (demo-hall.ts): driving from the previous stage at the start of a stage,
   * then parked in this stage's area; without a pack, parked at Charging. Two draws of noise, always.
   */
  private position(model: ProbeModel): { latitude: number; longitude: number } {
    const north = this.random.gaussian() * positionNoiseMetres;
    const east = this.random.gaussian() * positionNoiseMetres;
    const point = model.pack
      ? alongPath(pathBetween(model.fromStageIndex, model.stageIndex, model.agv.id), model.stageSeconds * agvMetresPerSecond)
      : slotOf(model.stageIndex, model.agv.id);
    const { latitude, longitude } = toLatLon({ x: point.x + east, y: point.y - north });
    return { latitude: round6(latitude), longitude: round6(longitude) };
  }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
