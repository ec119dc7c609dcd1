// Table-driven tests of the report rules (docs/probe-data.md (Event rules)): previous state, report, thresholds and time in;
// the next state and events out.
import { defaultSystemInfo, eventCatalogue, eventCodes as codes, type Probe, type ProbeReport } from '@bpm/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateAssignment, evaluateReport } from './evaluate-report.js';
import { raiseWatchdog } from './reevaluate.js';
import type { ProbeRecord } from './probe-record.js';
import { monitored, readings } from '../testing/report-fixtures.js';

const t = defaultSystemInfo; // high 45/55, low 5/0, battery 20/10, timeout 10 s
const now = Date.parse('2026-11-22T10:00:00.000Z');
const report = (extra: Partial<ProbeReport> = {}): ProbeReport => ({
  probeID: 'P-1',
  readings: readings(25, 25),
  batteryPercentage: 80,
  assignment: monitored,
  ...extra,
});

/** After a quiet baseline report (assigned, in range), runs reports one second apart; returns the last evaluation. */
function run(...reports: Partial<ProbeReport>[]) {
  let record: ProbeRecord | undefined = evaluateReport(undefined, report({ timestamp: undefined }), t, now - 1000)!.record;
  let last: ReturnType<typeof evaluateReport> = null;
  reports.forEach((r, i) => {
    last = evaluateReport(record, report(r), t, now + i * 1000);
    if (!last) throw new Error(`report ${i} ignored`);
    record = last.record;
  });
  return last!;
}
const codesOf = (events: Probe['events']) => events.map((e) => e.event).sort((a, b) => a - b);

describe('thresholds crossed up and down', () => {
  const rows: { name: string; can: number; tc: number; code: number | null; state: string }[] = [
    { name: 'in range', can: 25, tc: 25, code: null, state: 'Normal' },
    { name: 'above high warning', can: 46, tc: 25, code: 10, state: 'Warning' },
    { name: 'at high warning is not above', can: 45, tc: 25, code: null, state: 'Normal' },
    { name: 'shown as the threshold (45.04 → 45.0) is not above', can: 45.04, tc: 25, code: null, state: 'Normal' },
    { name: 'shown above the threshold (55.06 → 55.1) is above', can: 55.06, tc: 25, code: 11, state: 'Critical' },
    { name: 'above high panic', can: 25, tc: 56, code: 11, state: 'Critical' },
    { name: 'below low warning', can: 4, tc: 25, code: 12, state: 'Warning' },
    { name: 'below low panic', can: 25, tc: -1, code: 13, state: 'Critical' },
  ];
  it.each(rows)('$name → $code', ({ can, tc, code, state }) => {
    const { probe, raised } = run({ readings: readings(can, tc) });
    expect(codesOf(probe.events)).toEqual(code === null ? [] : [code]);
    expect(probe.state.stateString).toBe(state);
    expect(raised.map((e) => e.event)).toEqual(code === null ? [] : [code]);
  });

  it('names the reading, the value with one decimal as the dashboard cell shows it, and the threshold', () => {
    const { probe } = run({ readings: readings(25, 47.26) });
    expect(probe.events[0]!.eventString).toBe('External temperature 47.3 °C above warning 45 °C');
    expect(run({ readings: readings(57, 20) }).probe.events[0]!.eventString).toBe(
      'Internal temperature 57.0 °C above alarm 55 °C',
    );
  });

  const moves: { name: string; from: number; to: number; expected: number[] }[] = [
    { name: 'warning → panic', from: 46, to: 60, expected: [11] },
    { name: 'panic → warning', from: 60, to: 46, expected: [10] },
    { name: 'high warning → low warning', from: 46, to: 3, expected: [12] },
    { name: 'low panic → low warning', from: -5, to: 3, expected: [12] },
  ];
  it.each(moves)('$name cancels the other temperature events', ({ from, to, expected }) => {
    const { probe } = run({ readings: readings(from, 25) }, { readings: readings(to, 25) });
    expect(codesOf(probe.events)).toEqual(expected);
  });

  it.each([46, 60, 3, -5])('back in range from %d raises 14 once, then nothing', (from) => {
    const back = run({ readings: readings(from, 25) }, { readings: readings(25, 25) });
    expect(codesOf(back.probe.events)).toEqual([14]);
    expect(back.probe.events[0]!.eventPersistent).toBe(false);
    expect(back.probe.state.stateString).toBe('Normal');
    const after = run({ readings: readings(from, 25) }, { readings: readings(25, 25) }, { readings: readings(25, 25) });
    expect(after.probe.events).toEqual([]);
  });

  it('keeps a persistent event without announcing it again while it lasts', () => {
    const second = run({ readings: readings(46, 25) }, { readings: readings(47, 25) });
    expect(codesOf(second.probe.events)).toEqual([10]);
    expect(second.raised).toEqual([]);
    expect(second.probe.events[0]!.eventString).toContain('47');
  });
});

describe('battery', () => {
  const rows = [
    { battery: 80, codes: [], state: 'Normal' },
    { battery: 20, codes: [20], state: 'Warning' },
    { battery: 15, codes: [20], state: 'Warning' },
    { battery: 10, codes: [21], state: 'Critical' },
    { battery: 3, codes: [21], state: 'Critical' },
  ];
  it.each(rows)('at $battery % → $codes', ({ battery, codes, state }) => {
    const { probe } = run({ batteryPercentage: battery });
    expect(codesOf(probe.events)).toEqual(codes);
    expect(probe.state.stateString).toBe(state);
  });

  it('panic cancels warning, warning cancels panic, and 22 clears both', () => {
    expect(codesOf(run({ batteryPercentage: 15 }, { batteryPercentage: 5 }).probe.events)).toEqual([21]);
    expect(codesOf(run({ batteryPercentage: 5 }, { batteryPercentage: 15 }).probe.events)).toEqual([20]);
    const back = run({ batteryPercentage: 5 }, { batteryPercentage: 50 });
    expect(codesOf(back.probe.events)).toEqual([22]);
    expect(back.probe.state.stateString).toBe('Normal');
  });

  it('a report without a battery figure keeps the battery events', () => {
    const { probe } = run({ batteryPercentage: 5 }, { batteryPercentage: undefined });
    expect(codesOf(probe.events)).toEqual([21]);
    expect(probe.batteryPercentage).toBe(5);
  });

  it('charging started is sent once, on the change', () => {
    expect(codesOf(run({ batteryCharging: false }, { batteryCharging: true }).probe.events)).toEqual([23]);
    expect(run({ batteryCharging: true }, { batteryCharging: true }).probe.events).toEqual([]);
    expect(run({ batteryCharging: true }, { batteryCharging: false }).probe.events).toEqual([]);
  });
});

describe('invalid readings', () => {
  it('an invalid reading is not judged for temperature', () => {
    const { probe } = run({ readings: readings(90, 25, false, true) });
    expect(codesOf(probe.events)).toEqual([30]);
  });

  it('a missing or invalid thermocouple raises 32, and 33 when it is back', () => {
    expect(codesOf(run({ readings: readings(25, 25, true, false) }).probe.events)).toEqual([32]);
    expect(codesOf(run({ readings: [{ origin: 'CAN', temperature: 25, valid: true }] }).probe.events)).toEqual([32]);
    const back = run({ readings: readings(25, 25, true, false) }, { readings: readings(25, 25) });
    expect(codesOf(back.probe.events)).toEqual([33]);
    expect(back.raised.map((e) => e.event)).toEqual([33]);
  });

  it('with no valid reading at all the temperature events stay', () => {
    const { probe } = run({ readings: readings(60, 25) }, { readings: readings(25, 25, false, false) });
    expect(codesOf(probe.events)).toEqual([11, 30, 32]);
  });

  it('a heartbeat without readings changes no reading event', () => {
    const { probe } = run({ readings: readings(60, 25, true, false) }, { readings: [] });
    expect(codesOf(probe.events)).toEqual([11, 32]);
  });
});

describe('CAN expected or not', () => {
  const noCan = readings(25, 25, false, true);
  it('CAN missing while expected is a current warning', () => {
    const { probe } = run({ readings: noCan });
    expect(codesOf(probe.events)).toEqual([30]);
    expect(probe.state.stateString).toBe('Warning');
    expect(probe.expectingCANData).toBe(true);
  });

  it('CAN missing while not expected is suppressed and the state stays Normal', () => {
    const { probe } = run({ readings: noCan, assignment: { ...monitored, expectingCANData: false } });
    expect(probe.events).toEqual([]);
    expect(codesOf(probe.suppressedEvents)).toEqual([30]);
    expect(probe.state.stateString).toBe('Normal');
    expect(probe.isMonitoring).toBe(true);
    expect(probe.expectingCANData).toBe(false);
  });

  it('CAN restored raises 31 once', () => {
    const back = run({ readings: noCan }, { readings: readings(25, 25) });
    expect(codesOf(back.probe.events)).toEqual([31]);
    expect(run({ readings: noCan }, { readings: readings(25, 25) }, {}).probe.events).toEqual([]);
  });
});

describe('suppression as the assignment comes and goes', () => {
  const hot = readings(25, 60, false, true); // 11 (thermocouple temperature) and 30 (CAN)

  it('while not monitoring, 10–14 and 30–33 are suppressed; 0–1 and 20–23 never are', () => {
    const { probe } = run({ readings: hot, batteryPercentage: 5, assignment: null });
    expect(codesOf(probe.events)).toEqual([21, 41]);
    expect(codesOf(probe.suppressedEvents)).toEqual([11, 30]);
    expect(probe.isMonitoring).toBe(false);
    expect(probe.state.stateString).toBe('Critical'); // from 21, never suppressed
  });

  it('an assignment change moves active events between the lists', () => {
    const unassigned = run({ readings: hot, assignment: monitored }, { readings: hot, assignment: null });
    expect(codesOf(unassigned.probe.events)).toEqual([41]);
    expect(codesOf(unassigned.probe.suppressedEvents)).toEqual([11, 30]);
    expect(unassigned.probe.state.stateString).toBe('Normal');

    const reassigned = evaluateAssignment(unassigned.record, monitored);
    expect(codesOf(reassigned.probe.events)).toEqual([11, 30, 40]);
    expect(reassigned.probe.suppressedEvents).toEqual([]);
    expect(reassigned.probe.state.stateString).toBe('Critical');
    expect(reassigned.probe.events.find((e) => e.event === 40)!.eventString).toBe(
      'Assigned to Pack 2291 at Busbar welding on AGV-12',
    );
  });

  it('absent assignment keeps the current one; the same assignment again raises nothing', () => {
    const kept = run({ assignment: monitored }, { assignment: undefined });
    expect(kept.probe.isMonitoring).toBe(true);
    expect(kept.probe.events).toEqual([]);
  });

  it('an assignment without a battery pack is not monitoring', () => {
    const { probe } = run({ assignment: { ...monitored, batteryPack: null } });
    expect(probe.isMonitoring).toBe(false);
    expect(probe.expectingCANData).toBe(false);
  });
});

describe('a new probe', () => {
  it('is created by its first report, announcing its assignment', () => {
    const first = evaluateReport(undefined, report(), t, now)!;
    expect(codesOf(first.probe.events)).toEqual([40]);
    expect(first.probe.state.stateString).toBe('Normal');
  });

  it('without a battery figure raises no battery event', () => {
    const first = evaluateReport(undefined, report({ batteryPercentage: undefined, assignment: null }), t, now)!;
    expect(first.probe.events).toEqual([]);
    expect(first.probe.batteryPercentage).toBe(0);
  });
});

describe('reports in order', () => {
  it('ignores a report older than the last one', () => {
    const first = evaluateReport(undefined, report({ timestamp: '2026-11-22T10:00:05.000Z' }), t, now)!;
    expect(evaluateReport(first.record, report({ timestamp: '2026-11-22T10:00:04.999Z' }), t, now + 1)).toBeNull();
    expect(evaluateReport(first.record, report({ timestamp: '2026-11-22T10:00:05.000Z' }), t, now + 1)).not.toBeNull();
  });

  it('moves the watchdog expiry on every accepted report, from the receipt time', () => {
    const { probe } = run({}, {});
    expect(probe.watchdogExpiry).toBe(new Date(now + 1000 + 10_000).toISOString());
  });

  it('fills the published probe from the report', () => {
    const { probe } = run({ firmwareVersion: '2.4.1', latitude: 52.4, longitude: -1.5, batteryCharging: true });
    expect(probe).toMatchObject({
      probeID: 'P-1',
      firmwareVersion: '2.4.1',
      latitude: 52.4,
      longitude: -1.5,
      batteryPercentage: 80,
      batteryCharging: true,
      assignment: { buildStage: monitored.buildStage, agv: monitored.agv, batteryPack: monitored.batteryPack },
      report: { timestamp: new Date(now).toISOString(), readings: readings(25, 25) },
    });
  });
});

describe('every catalogue event, as the catalogue defines it', () => {
  const hot = (c: number) => ({ readings: readings(c, 25) });
  // One scenario per code, each ending with the update that raises it (assigned, CAN expected).
  const scenarios: Record<number, () => ReturnType<typeof run>> = {
    0: () => {
      const base = run({});
      return raiseWatchdog(base.record, t, now + 60_000)!;
    },
    1: () => {
      const expired = raiseWatchdog(run({}).record, t, now + 60_000)!;
      return evaluateReport(expired.record, report(), t, now + 61_000)!;
    },
    10: () => run(hot(46)),
    11: () => run(hot(56)),
    12: () => run(hot(4)),
    13: () => run(hot(-1)),
    14: () => run(hot(46), hot(25)),
    20: () => run({ batteryPercentage: 15 }),
    21: () => run({ batteryPercentage: 5 }),
    22: () => run({ batteryPercentage: 5 }, { batteryPercentage: 50 }),
    23: () => run({ batteryCharging: false }, { batteryCharging: true }),
    30: () => run({ readings: readings(25, 25, false, true) }),
    31: () => run({ readings: readings(25, 25, false, true) }, {}),
    32: () => run({ readings: readings(25, 25, true, false) }),
    33: () => run({ readings: readings(25, 25, true, false) }, {}),
    40: () => evaluateAssignment(run({ assignment: null }).record, monitored),
    41: () => run({ assignment: null }),
  };

  it.each(eventCatalogue.map((d) => [d.code, d] as const))('event %i', (code, definition) => {
    const scenario = scenarios[code];
    expect(scenario, `a scenario for event ${code}`).toBeDefined();
    const { probe, raised } = scenario!();
    const event = [...probe.events, ...probe.suppressedEvents].find((e) => e.event === code);
    expect(event).toMatchObject({
      eventType: definition.type,
      eventPersistent: definition.persistent,
      eventsCancelled: definition.cancels.map((id) => ({ id })),
    });
    expect(raised.map((e) => e.event)).toContain(code);
    // Nothing it cancels survives beside it.
    expect(probe.events.filter((e) => definition.cancels.includes(e.event))).toEqual([]);
  });
});

describe('thresholds judged on the shown value (one decimal), whatever the values', () => {
  const shown = (value: number) => Number(value.toFixed(1));
  const threshold = fc.double({ min: -100, max: 500, noNaN: true });
  const percent = fc.double({ min: 0, max: 100, noNaN: true });
  /** A value near `around` (the boundary cases) or anywhere in [min, max]. */
  const near = (around: number, min: number, max: number) =>
    fc.oneof(
      fc.double({ min: Math.max(min, around - 1.5), max: Math.min(max, around + 1.5), noNaN: true }),
      fc.integer({ min: -15, max: 15 }).map((tenths) => Math.min(max, Math.max(min, around + tenths / 100))),
      fc.double({ min, max, noNaN: true }),
    );

  it('raises the temperature and battery events the shown values call for', () => {
    const cases = fc
      .record({
        highWarning: threshold,
        highPanic: threshold,
        lowWarning: threshold,
        lowPanic: threshold,
        batteryWarning: percent,
        batteryPanic: percent,
      })
      .chain((th) =>
        fc.record({
          th: fc.constant(th),
          can: fc.oneof(near(th.highWarning, -1000, 1000), near(th.highPanic, -1000, 1000), near(th.lowPanic, -1000, 1000)),
          tc: fc.oneof(near(th.lowWarning, -1000, 1000), near(th.highPanic, -1000, 1000)),
          battery: fc.oneof(near(th.batteryWarning, 0, 100), near(th.batteryPanic, 0, 100)),
        }),
      );
    fc.assert(
      fc.property(cases, ({ th, can, tc, battery }) => {
        const thresholds = {
          ...t,
          highTemperatureWarning: th.highWarning,
          highTemperaturePanic: th.highPanic,
          lowTemperatureWarning: th.lowWarning,
          lowTemperaturePanic: th.lowPanic,
          batteryLevelWarning: th.batteryWarning,
          batteryLevelPanic: th.batteryPanic,
        };
        const high = shown(Math.max(can, tc));
        const low = shown(Math.min(can, tc));
        const temperature =
          high > th.highPanic
            ? codes.temperatureHighPanic
            : low < th.lowPanic
              ? codes.temperatureLowPanic
              : high > th.highWarning
                ? codes.temperatureHighWarning
                : low < th.lowWarning
                  ? codes.temperatureLowWarning
                  : null;
        const level = shown(battery);
        const batteryCode =
          level <= th.batteryPanic ? codes.batteryPanic : level <= th.batteryWarning ? codes.batteryWarning : null;
        const evaluation = evaluateReport(
          undefined,
          report({ readings: readings(can, tc), batteryPercentage: battery }),
          thresholds,
          now,
        )!;
        const active = evaluation.record.active.map((e) => e.event);
        const judged: number[] = [
          codes.temperatureHighPanic,
          codes.temperatureLowPanic,
          codes.temperatureHighWarning,
          codes.temperatureLowWarning,
          codes.batteryPanic,
          codes.batteryWarning,
        ];
        expect(active.filter((code) => judged.includes(code)).sort((a, b) => a - b)).toEqual(
          [temperature, batteryCode].filter((code) => code !== null).sort((a, b) => a - b),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
