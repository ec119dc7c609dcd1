import { eventCodes } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { newProbeRecord, restoredRecord, type ProbeRecord } from './probe-record.js';
import { sharedEvent } from './shared-events.js';

const throughJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as ProbeRecord;

describe('a record restored from the snapshot', () => {
  const code = eventCodes.thermocoupleInvalid;

  it('reads alarm marks stored as an object keyed by event code (before they became a list)', () => {
    const stored = throughJson({
      ...newProbeRecord('P-1'),
      active: [sharedEvent(code)],
      alarms: { [code]: { alarmId: 7, acknowledged: true, shelvedUntil: null } },
    });
    expect(restoredRecord(stored).alarms).toEqual([{ event: code, alarmId: 7, acknowledged: true, shelvedUntil: null }]);
  });

  it('shares its events with live records and keeps -Infinity for a probe that never reported', () => {
    const record = restoredRecord(throughJson({ ...newProbeRecord('P-1'), active: [sharedEvent(code)] }));
    expect(record.active[0]).toBe(sharedEvent(code));
    expect(record.lastReportMs).toBe(Number.NEGATIVE_INFINITY);
    expect(record.alarms).toBeUndefined();
  });
});
