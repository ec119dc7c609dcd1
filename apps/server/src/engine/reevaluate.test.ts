// Watchdog expiry and recovery, threshold re-evaluation, and restart recovery (docs/probe-data.md (Watchdog)).
import { defaultSystemInfo, type ProbeReport } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { evaluateReport } from './evaluate-report.js';
import type { ProbeRecord } from './probe-record.js';
import { raiseWatchdog, reevaluateProbe } from './reevaluate.js';
import { WatchdogSchedule } from './watchdog-schedule.js';

const t = defaultSystemInfo;
const now = Date.parse('2026-11-22T10:00:00.000Z');
const report = (extra: Partial<ProbeReport> = {}): ProbeReport => ({
  probeID: 'P-1',
  readings: [
    { origin: 'CAN', temperature: 25, valid: true },
    { origin: 'Thermocouple', temperature: 25, valid: true },
  ],
  batteryPercentage: 80,
  assignment: { buildStage: null, agv: null, batteryPack: { id: 1, name: 'Pack 1' }, expectingCANData: true },
  ...extra,
});
/** A probe after its first report, with the transient "assigned" event gone. */
const first = (extra?: Partial<ProbeReport>) => evaluateReport(undefined, report(extra), t, now)!.record;
const codes = (events: { event: number }[]) => events.map((e) => e.event).sort((a, b) => a - b);

describe('watchdog', () => {
  it('is not due before the expiry', () => {
    expect(raiseWatchdog(first(), t, now + 9_999)).toBeNull();
  });

  it('raises 0 (Critical, persistent) at the expiry, once', () => {
    const expired = raiseWatchdog(first(), t, now + 10_000)!;
    expect(codes(expired.probe.events)).toEqual([0]);
    expect(expired.probe.events[0]).toMatchObject({
      eventType: 'Critical',
      eventPersistent: true,
      eventString: 'No report for over 10 s',
    });
    expect(expired.probe.state.stateString).toBe('Critical');
    expect(raiseWatchdog(expired.record, t, now + 20_000)).toBeNull();
  });

  it('is cleared by the next report with 1, sent once', () => {
    const expired = raiseWatchdog(first(), t, now + 10_000)!.record;
    const back = evaluateReport(expired, report(), t, now + 11_000)!;
    expect(codes(back.probe.events)).toEqual([1]);
    expect(back.probe.state.stateString).toBe('Normal');
    expect(evaluateReport(back.record, report(), t, now + 12_000)!.probe.events).toEqual([]);
  });

  it('is never suppressed, even without an assignment', () => {
    const expired = raiseWatchdog(first({ assignment: null }), t, now + 10_000)!;
    expect(codes(expired.probe.events)).toEqual([0]);
    expect(expired.probe.suppressedEvents).toEqual([]);
  });
});

describe('threshold change re-evaluation', () => {
  it('raises a warning when the threshold drops below the last reading', () => {
    const next = reevaluateProbe(first(), { ...t, highTemperatureWarning: 20 });
    expect(codes(next.probe.events)).toEqual([10]);
    expect(next.probe.state.stateString).toBe('Warning');
  });

  it('clears a warning with 14 when the threshold rises above the last reading', () => {
    const hot = first({
      readings: [
        { origin: 'CAN', temperature: 50, valid: true },
        { origin: 'Thermocouple', temperature: 25, valid: true },
      ],
    });
    expect(codes(reevaluateProbe(hot, { ...t, highTemperatureWarning: 60, highTemperaturePanic: 70 }).probe.events)).toEqual([
      14,
    ]);
  });

  it('judges the battery against the new levels', () => {
    const next = reevaluateProbe(first({ batteryPercentage: 40 }), { ...t, batteryLevelWarning: 50 });
    expect(codes(next.probe.events)).toEqual([20]);
  });

  it('moves the watchdog expiry with the new timeout, from the same receipt time', () => {
    const next = reevaluateProbe(first(), { ...t, timeoutSeconds: 60 });
    expect(next.record.watchdogExpiryMs).toBe(now + 60_000);
    expect(next.probe.watchdogExpiry).toBe(new Date(now + 60_000).toISOString());
  });

  it('leaves an unchanged probe without new events', () => {
    expect(reevaluateProbe(first(), t).raised).toEqual([]);
  });
});

describe('restart recovery', () => {
  it('a record read back from the snapshot evaluates as before', () => {
    const hot = first({
      readings: [
        { origin: 'CAN', temperature: 60, valid: true },
        { origin: 'Thermocouple', temperature: 25, valid: true },
      ],
    });
    const restored = JSON.parse(JSON.stringify(hot)) as ProbeRecord;
    const next = evaluateReport(restored, report(), t, now + 1000)!;
    expect(codes(next.probe.events)).toEqual([14]);
  });

  it('watchdogs resume from the stored expiry: one that passed while down fires on the first tick', () => {
    const schedule = new WatchdogSchedule(100);
    const records = [first(), { ...first(), probeID: 'P-2', watchdogExpiryMs: now + 60_000 }];
    for (const r of records) schedule.schedule(r.probeID, r.watchdogExpiryMs);
    const restartedAt = now + 30_000;
    expect(schedule.takeDue(restartedAt)).toEqual(['P-1']);
    expect(schedule.takeDue(now + 59_999)).toEqual([]);
    expect(schedule.takeDue(now + 60_000)).toEqual(['P-2']);
  });
});
