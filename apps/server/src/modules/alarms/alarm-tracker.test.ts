// The alarm tracker against the pure engine, table-driven over the event catalogue (docs/alarms.md):
// each persistent event opens and closes exactly one alarm, transient events are only journaled,
// suppression and shelving move events, states after acknowledge / clear in both orders, restart.
import { defaultSystemInfo, eventCatalogue, type Assignment, type ProbeReport, type UserRef } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../../engine/evaluation.js';
import { evaluateAssignment, evaluateReport } from '../../engine/evaluate-report.js';
import { alarmMarkOf } from '../../engine/alarm-marks.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { raiseWatchdog } from '../../engine/reevaluate.js';
import { AlarmTracker, alarmState, type AlarmEpisode, type NewJournalEntry } from './alarm-tracker.js';
import { monitored, readings } from '../../testing/report-fixtures.js';

const thresholds = defaultSystemInfo; // high 45/55, low 5/0, battery 20/10, timeout 10 s
const start = Date.parse('2026-11-22T10:00:00.000Z');
const quiet: Partial<ProbeReport> = {
  readings: readings(25, 25),
  batteryPercentage: 80,
  batteryCharging: false,
  assignment: monitored,
};
const sam: UserRef = { id: 2, username: 'sam' };

/** A probe fed through the engine and the tracker, one second per step. */
function plant(nextId = 1) {
  const journal: NewJournalEntry[] = [];
  const changed = new Map<number, AlarmEpisode>();
  /** Each change told to the sink: whether the last message was all that changed, and the peak then. */
  const told: { onlyMessage: boolean; peak: number | null }[] = [];
  const tracker = new AlarmTracker(
    {
      journal: (e) => journal.push(e),
      alarmChanged: (a, onlyMessage) => {
        changed.set(a.id, a);
        told.push({ onlyMessage: onlyMessage ?? false, peak: a.peak });
      },
    },
    nextId,
  );
  let record: ProbeRecord | undefined;
  let now = start;
  const apply = (evaluation: Evaluation | null) => {
    if (!evaluation) throw new Error('nothing evaluated');
    const observed = tracker.observe(record, evaluation, now);
    record = observed.record;
    now += 1000;
    return observed;
  };
  return {
    tracker,
    journal,
    changed,
    told,
    alarms: () => [...changed.values()],
    get record() {
      return record!;
    },
    get now() {
      return now;
    },
    report: (r: Partial<ProbeReport> = {}) =>
      apply(evaluateReport(record, { probeID: 'P-1', ...quiet, ...r } as ProbeReport, thresholds, now)),
    /** The watchdog expires (nothing happens when event 0 is active already). */
    silence: () => {
      now += thresholds.timeoutSeconds * 1000;
      const evaluation = raiseWatchdog(record!, thresholds, now);
      return evaluation && apply(evaluation);
    },
    assign: (assignment: Assignment | null) => apply(evaluateAssignment(record!, assignment)),
  };
}
type Plant = ReturnType<typeof plant>;

/** How to raise, then clear, each persistent event of the catalogue. */
const scenarios: Record<
  number,
  { raise: (p: Plant) => unknown; clear: (p: Plant) => unknown; clearedBy: number; peak: number | null }
> = {
  0: { raise: (p) => p.silence(), clear: (p) => p.report(), clearedBy: 1, peak: null },
  10: { raise: (p) => p.report({ readings: readings(47, 46) }), clear: (p) => p.report(), clearedBy: 14, peak: 47 },
  11: { raise: (p) => p.report({ readings: readings(58, 57) }), clear: (p) => p.report(), clearedBy: 14, peak: 58 },
  12: { raise: (p) => p.report({ readings: readings(3, 4) }), clear: (p) => p.report(), clearedBy: 14, peak: 3 },
  13: { raise: (p) => p.report({ readings: readings(-2, 4) }), clear: (p) => p.report(), clearedBy: 14, peak: -2 },
  20: { raise: (p) => p.report({ batteryPercentage: 15 }), clear: (p) => p.report(), clearedBy: 22, peak: 15 },
  21: { raise: (p) => p.report({ batteryPercentage: 8 }), clear: (p) => p.report(), clearedBy: 22, peak: 8 },
  30: { raise: (p) => p.report({ readings: readings(25, 25, false) }), clear: (p) => p.report(), clearedBy: 31, peak: null },
  32: {
    raise: (p) => p.report({ readings: readings(25, 25, true, false) }),
    clear: (p) => p.report(),
    clearedBy: 33,
    peak: null,
  },
};

describe('persistent events: one alarm per episode', () => {
  const persistent = eventCatalogue.filter((d) => d.persistent);
  it('has a scenario for every persistent event of the catalogue', () => {
    expect(Object.keys(scenarios).map(Number)).toEqual(persistent.map((d) => d.code));
  });

  it.each(persistent.map((d) => [d.code, d.type] as const))(
    'event %i (%s) opens one alarm and its cancellation closes it',
    (code, type) => {
      const p = plant();
      p.report();
      const scenario = scenarios[code]!;
      scenario.raise(p);
      expect(p.alarms()).toHaveLength(1);
      const [alarm] = p.alarms();
      expect(alarm).toMatchObject({ event: code, eventType: type, clearedAt: null, peak: scenario.peak, suppressed: false });
      expect(alarmState(alarm!)).toBe('unacknowledged');
      expect(alarmMarkOf(p.record.alarms, code)).toMatchObject({
        event: code,
        id: alarm!.id,
        acknowledgedAt: null,
        shelvedUntil: null,
      });
      scenario.raise(p); // still active: the same alarm
      expect(p.alarms()).toHaveLength(1);
      scenario.clear(p);
      expect(p.alarms()).toHaveLength(1);
      expect(alarm!.clearedAt).not.toBeNull();
      expect(alarmState(alarm!)).toBe('returned');
      expect(p.record.alarms).toBeUndefined();
      const entries = p.journal.filter((e) => e.alarmId === alarm!.id).map((e) => e.event);
      expect(entries).toEqual([code, scenario.clearedBy]);
    },
  );
});

describe('transient events: journaled only', () => {
  const transient = eventCatalogue.filter((d) => !d.persistent);
  it.each(transient.map((d) => d.code))('event %i is journaled without an alarm of its own', (code) => {
    const p = plant();
    p.report({ assignment: null });
    p.report({ assignment: monitored, batteryCharging: true }); // 40, 23
    p.report({ assignment: null }); // 41
    for (const c of [0, 10, 20, 30, 32]) {
      scenarios[c]!.raise(p);
      scenarios[c]!.clear(p); // 1, 14, 22, 31, 33
      p.report({ assignment: monitored });
    }
    expect(p.journal.some((e) => e.event === code)).toBe(true);
    expect(p.alarms().some((a) => a.event === code)).toBe(false);
  });

  it('an update that raises nothing on a probe without alarms changes nothing', () => {
    const p = plant();
    const first = p.report();
    const second = p.report();
    expect(second.record.alarms).toBeUndefined();
    expect(p.journal.map((e) => e.event)).toEqual([40]);
    void first;
  });
});

describe('what a refresh tells the journal', () => {
  it('a new message alone may wait; a new peak, or a change of suppression, may not', () => {
    const p = plant();
    p.report({ readings: readings(58, 25) }); // 11 raised, peak 58
    p.report({ readings: readings(57, 25) }); // the message says 57 °C, the peak stays 58
    p.report({ readings: readings(57, 25) }); // nothing new
    p.report({ readings: readings(59, 25) }); // a new peak
    p.report({ readings: readings(58, 25), assignment: null }); // suppressed (not monitoring)
    expect(p.told).toEqual([
      { onlyMessage: false, peak: 58 },
      { onlyMessage: true, peak: 58 },
      { onlyMessage: false, peak: 59 },
      { onlyMessage: false, peak: 59 },
    ]);
  });
});

describe('escalation, suppression and shelving', () => {
  it('an escalation from warning to alarm ends one alarm and opens another', () => {
    const p = plant();
    p.report({ readings: readings(47, 25) });
    p.report({ readings: readings(57, 25) });
    const [warning, critical] = p.alarms();
    expect(warning).toMatchObject({ event: 10 });
    expect(warning!.clearedAt).not.toBeNull();
    expect(critical).toMatchObject({ event: 11, clearedAt: null });
  });

  it('an alarm raised while suppressed needs no acknowledgement unless it became current', () => {
    const p = plant();
    p.report({ assignment: null, readings: readings(60, 25) });
    const [alarm] = p.alarms();
    expect(alarm).toMatchObject({ suppressed: true, annunciated: false, assignment: null });
    expect(alarmMarkOf(p.record.alarms, 11)).toBeDefined();
    p.report({ assignment: null });
    expect(alarmState(alarm!)).toBe('closed');

    p.report({ assignment: null, readings: readings(60, 25) });
    p.assign(monitored);
    const [, moved] = p.alarms();
    expect(moved).toMatchObject({ suppressed: false, annunciated: true });
    p.report();
    expect(alarmState(moved!)).toBe('returned');
  });

  it('a shelved alarm’s event goes to suppressedEvents and comes back unacknowledged', () => {
    const p = plant();
    const raised = p.report({ readings: readings(60, 25) });
    expect(raised.probe.state.stateString).toBe('Critical');
    const [alarm] = p.alarms();
    p.tracker.acknowledge(alarm!, sam, 'seen', p.now);
    p.tracker.shelve(alarm!, sam, 5, 'sensor swap', p.now);
    expect(alarmState(alarm!)).toBe('shelved');
    const shelved = p.assign(monitored); // any update re-marks the record from the tracker
    void shelved;
    expect(p.tracker.dueShelves(p.now)).toEqual([]);
    expect(p.tracker.dueShelves(p.now + 5 * 60_000)).toEqual([alarm]);
    expect(p.tracker.unshelve(alarm!)).toBe(true);
    expect(alarm).toMatchObject({ shelvedUntil: null, acknowledgedAt: null, suppressed: false });
    expect(alarmState(alarm!)).toBe('unacknowledged');
  });

  it('states after acknowledge then clear, and clear then acknowledge', () => {
    const p = plant();
    p.report({ readings: readings(60, 25) });
    const [first] = p.alarms();
    expect(p.tracker.acknowledge(first!, sam, undefined, p.now)).toBe(true);
    expect(p.tracker.acknowledge(first!, sam, 'again', p.now)).toBe(false);
    expect(alarmState(first!)).toBe('acknowledged');
    p.report();
    expect(alarmState(first!)).toBe('closed');

    p.report({ readings: readings(60, 25) });
    const [, second] = p.alarms();
    p.report();
    expect(alarmState(second!)).toBe('returned');
  });

  it('deleting the probe clears its alarms', () => {
    const p = plant();
    p.report({ readings: readings(60, 25), batteryPercentage: 5 });
    p.tracker.probeDeleted('P-1', p.now);
    expect(p.alarms().every((a) => a.clearedAt !== null)).toBe(true);
    expect([...p.tracker.active()]).toEqual([]);
  });
});

describe('restart in the middle of an alarm', () => {
  it('keeps the id of an alarm still active, opens one for an event without alarm, clears an orphan', () => {
    const before = plant();
    before.report({ readings: readings(60, 25), batteryPercentage: 5 });
    const [hot, battery] = before.alarms();
    before.tracker.acknowledge(hot!, sam, 'seen', before.now);
    const orphan: AlarmEpisode = { ...battery!, id: 99, event: 30, probeID: 'P-gone' };
    const stored = [{ ...hot! }, orphan];
    const record = before.record;

    const after = plant(100);
    after.tracker.restore(stored, [record], before.now);
    expect(after.tracker.get(hot!.id)).toMatchObject({ acknowledgedAt: hot!.acknowledgedAt });
    expect(after.tracker.marksOf('P-1')).toMatchObject([
      { event: 11, id: hot!.id, acknowledgedAt: hot!.acknowledgedAt, shelvedUntil: null },
      { event: 21, id: 100, acknowledgedAt: null, shelvedUntil: null },
    ]);
    expect(after.changed.get(99)!.clearedAt).not.toBeNull();
  });

  it('a shelve restored with its alarm runs out like one made here; a cleared or unshelved alarm is never due', () => {
    const before = plant();
    before.report({ readings: readings(60, 25), batteryPercentage: 5 });
    const [hot, battery] = before.alarms();
    before.tracker.shelve(hot!, sam, 5, 'sensor swap', before.now);
    const after = plant(100);
    after.tracker.restore([{ ...hot! }, { ...battery! }], [before.record], before.now);
    const due = before.now + 5 * 60_000;
    expect(after.tracker.dueShelves(due).map((a) => a.id)).toEqual([hot!.id]);
    after.tracker.shelve(after.tracker.get(battery!.id)!, sam, 1, 'charging', before.now);
    expect(after.tracker.dueShelves(due).map((a) => a.id)).toEqual([hot!.id, battery!.id]);
    expect(after.tracker.unshelve(after.tracker.get(hot!.id)!)).toBe(true);
    after.tracker.probeDeleted('P-1', before.now);
    expect(after.tracker.dueShelves(due)).toEqual([]);
  });
});
