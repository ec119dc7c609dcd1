import { eventCodes } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { newProbeRecord, probeRecord, restoredRecord, storedRecord, type ProbeRecord } from './probe-record.js';
import { toProbe } from './probe-state.js';
import { sharedEvent } from './shared-events.js';

const throughJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as ProbeRecord;

describe('a record restored from the snapshot', () => {
  const code = eventCodes.thermocoupleInvalid;
  const acknowledgedAt = '2026-11-26T10:00:00.000Z';

  // Each form a snapshot row has held the marks in, oldest first; the published event is the same.
  it.each([
    ['an object keyed by event code', { [code]: { alarmId: 7, acknowledged: true, shelvedUntil: null } }],
    ['a list with alarmId and acknowledged', [{ event: code, alarmId: 7, acknowledged: true, shelvedUntil: null }]],
    ['a list of the alarm’s own fields', [{ event: code, id: 7, acknowledgedAt, shelvedUntil: null }]],
  ])('publishes its event with the alarm whose mark was stored as %s', (_form, alarms) => {
    const stored = throughJson({ ...newProbeRecord('P-1'), active: [sharedEvent(code)], alarms });
    expect(toProbe(restoredRecord(stored)).suppressedEvents).toEqual([
      expect.objectContaining({ event: code, alarmId: 7, acknowledged: true, shelvedUntil: null }),
    ]);
  });

  it('stores the alarm of a mark by the fields its event is published with, and reads them back', () => {
    // The alarms module's alarm itself, with its other fields (peak, messages...), is what a live record holds.
    const alarm = { event: code, id: 7, acknowledgedAt, shelvedUntil: null, peak: 61, lastMessage: 'hot', clearedAt: null };
    const live = probeRecord({ ...newProbeRecord('P-1'), active: [sharedEvent(code)], alarms: [alarm] });
    const row = JSON.stringify(storedRecord(live));
    expect(JSON.parse(row).alarms).toEqual([{ event: code, id: 7, acknowledgedAt, shelvedUntil: null }]);
    expect(toProbe(restoredRecord(JSON.parse(row) as ProbeRecord))).toEqual(toProbe(live));
  });

  it('shares its events with live records and keeps -Infinity for a probe that never reported', () => {
    const record = restoredRecord(throughJson({ ...newProbeRecord('P-1'), active: [sharedEvent(code)] }));
    expect(record.active[0]).toBe(sharedEvent(code));
    expect(record.lastReportMs).toBe(Number.NEGATIVE_INFINITY);
    expect(record.alarms).toBeUndefined();
  });
});
