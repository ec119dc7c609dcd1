// The plant model: deterministic with a seed, valid reports, and the faults of docs/probe-data.md (Simulator) over time.
import { probeReportSchema, type ProbeReport } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { floodStageAt } from './flood-schedule.js';
import { Plant } from './plant.js';

const start = Date.parse('2026-11-22T10:00:00.000Z');

/** Runs `seconds` of plant time, every probe reporting every `stepSeconds`. */
function runPlant(seed: number, probes: number, seconds: number, stepSeconds = 1, faultRateScale?: number): ProbeReport[] {
  const plant = new Plant({ probes, seed, startMs: start, faultRateScale });
  const reports: ProbeReport[] = [];
  for (let s = stepSeconds; s <= seconds; s += stepSeconds) reports.push(...plant.nextReports(probes, start + s * 1000));
  return reports;
}

describe('Plant', () => {
  it('gives the same reports for the same seed, and different ones for another seed', () => {
    expect(runPlant(7, 20, 60)).toEqual(runPlant(7, 20, 60));
    expect(runPlant(8, 20, 60)).not.toEqual(runPlant(7, 20, 60));
  });

  it('produces reports the ingest API accepts', () => {
    for (const report of runPlant(1, 30, 30)) expect(probeReportSchema.safeParse(report).success).toBe(true);
  });

  it('names one probe per AGV and gives at most one report per probe per call', () => {
    const plant = new Plant({ probes: 5, seed: 1, startMs: start });
    expect(plant.probeIDs()).toEqual(['P-0001', 'P-0002', 'P-0003', 'P-0004', 'P-0005']);
    expect(plant.nextReports(50, start + 1000).length).toBeLessThanOrEqual(5);
  });

  it('over an hour shows the build stages, unassigned gaps and every fault', () => {
    const reports = runPlant(3, 60, 3600, 2);
    const stages = new Set(reports.map((r) => r.assignment?.buildStage?.name));
    expect(stages).toEqual(
      new Set(['Cell stacking', 'Module assembly', 'Busbar welding', 'Pack sealing', 'End-of-line test', 'Charging', undefined]),
    );
    const tc = (r: ProbeReport) => r.readings.find((x) => x.origin === 'Thermocouple');
    expect(reports.some((r) => tc(r)?.valid === false)).toBe(true); // thermocouple loose
    expect(reports.some((r) => r.assignment?.expectingCANData && !r.readings.some((x) => x.origin === 'CAN'))).toBe(true); // CAN drop-out
    expect(reports.some((r) => r.assignment?.buildStage?.name === 'Busbar welding' && (tc(r)?.temperature ?? 0) > 45)).toBe(true); // overheating
    expect(reports.some((r) => r.batteryCharging)).toBe(true);
    // A silent probe misses reports: fewer reports than probes × seconds.
    expect(reports.length).toBeLessThan(60 * 1800);
  });

  it('with a lower fault rate scale, faults start as much less often', () => {
    // Fault onsets a report shows: a thermocouple turning invalid, an expected CAN reading going missing.
    const onsets = (reports: ProbeReport[]) => {
      const last = new Map<string, { tcInvalid: boolean; canMissing: boolean }>();
      let count = 0;
      for (const r of reports) {
        const now = {
          tcInvalid: r.readings.some((x) => x.origin === 'Thermocouple' && !x.valid),
          canMissing: r.assignment?.expectingCANData === true && !r.readings.some((x) => x.origin === 'CAN'),
        };
        const before = last.get(r.probeID);
        if (before && now.tcInvalid && !before.tcInvalid) count++;
        if (before && now.canMissing && !before.canMissing) count++;
        last.set(r.probeID, now);
      }
      return count;
    };
    const full = onsets(runPlant(3, 100, 3600, 2));
    const tenth = onsets(runPlant(3, 100, 3600, 2, 0.1));
    expect(full).toBeGreaterThan(100);
    expect(tenth).toBeGreaterThan(0);
    expect(tenth).toBeLessThan(full * 0.25);
  });

  it('starts no fault before faultsFromMs, the hourly flood included, and starts them as usual after', () => {
    const faultsFromMs = start + 3_600_000;
    const plant = new Plant({ probes: 100, seed: 3, startMs: start, faultsFromMs });
    const before: ProbeReport[] = [];
    const after: ProbeReport[] = [];
    for (let s = 5; s <= 7200; s += 5) {
      const nowMs = start + s * 1000;
      (nowMs < faultsFromMs ? before : after).push(...plant.nextReports(100, nowMs));
    }
    const faulty = (r: ProbeReport) =>
      r.readings.some((x) => !x.valid || x.temperature > 45) ||
      (r.assignment?.expectingCANData === true && !r.readings.some((x) => x.origin === 'CAN'));
    expect(before).toHaveLength(100 * 719); // no probe fell silent either
    expect(before.filter(faulty)).toEqual([]);
    // The flood of the second hour (2 minutes in) and the usual faults.
    expect(after.filter((r) => r.readings.some((x) => x.valid && x.temperature > 45)).length).toBeGreaterThan(50);
    expect(after.filter(faulty).length).toBeGreaterThan(100);
  });

  it('runs a low battery down below the warning level somewhere in a long run', () => {
    const reports = runPlant(5, 100, 3 * 3600, 10);
    expect(reports.some((r) => (r.batteryPercentage ?? 100) <= 20)).toBe(true);
  });
});

describe('the hourly flood', () => {
  it('is scheduled two minutes in for a minute and a half, then every hour at another stage', () => {
    expect(floodStageAt(start, start + 119_000)).toBeNull();
    expect(floodStageAt(start, start + 120_000)).toBe(3);
    expect(floodStageAt(start, start + 210_000)).toBeNull();
    expect(floodStageAt(start, start + 3_720_000)).toBe(4);
  });

  it('overheats most packs at the flooding stage', () => {
    const reports = runPlant(11, 120, 4 * 60, 2);
    const hot = (r: ProbeReport) => r.readings.some((x) => x.valid && x.temperature > 45);
    const atWelding = (from: number, to: number) =>
      reports.filter(
        (r) =>
          r.assignment?.buildStage?.id === 3 && Date.parse(r.timestamp!) >= start + from && Date.parse(r.timestamp!) < start + to,
      );
    const hotProbes = (rs: ProbeReport[]) => new Set(rs.filter(hot).map((r) => r.probeID)).size;
    const during = atWelding(170_000, 210_000);
    expect(hotProbes(during)).toBeGreaterThan(new Set(during.map((r) => r.probeID)).size / 2);
    expect(hotProbes(during)).toBeGreaterThan(hotProbes(atWelding(40_000, 80_000)));
  });
});
