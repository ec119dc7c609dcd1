// Suppression by assignment (docs/probe-data.md (Suppression)): which events go to suppressedEvents for a given assignment.
import { eventDefinition, type Assignment, type ProbeEvent } from '@bpm/protocol';
import { alarmMarkOf, type AlarmMarks } from './alarm-marks.js';
import { isExpectingCANData, isMonitoring } from './probe-record.js';

export function isSuppressed(code: number, assignment: Assignment | null): boolean {
  switch (eventDefinition(code).suppression) {
    case 'never':
      return false;
    case 'notMonitoring':
      return !isMonitoring(assignment);
    case 'notExpectingCAN':
      return !isExpectingCANData(assignment);
  }
}

/**
 * Splits events into the two lists a Probe carries; an assignment change simply re-splits. An event
 * with an alarm carries its alarmId, acknowledged and shelvedUntil, and a shelved one is suppressed
 * (docs/alarms.md).
 */
export function partitionEvents(
  events: readonly ProbeEvent[],
  assignment: Assignment | null,
  alarms?: AlarmMarks,
): { events: ProbeEvent[]; suppressedEvents: ProbeEvent[] } {
  const current: ProbeEvent[] = [];
  const suppressed: ProbeEvent[] = [];
  for (const event of events) {
    const mark = event.eventPersistent ? alarmMarkOf(alarms, event.event) : undefined;
    if (mark === undefined) {
      (isSuppressed(event.event, assignment) ? suppressed : current).push(event);
      continue;
    }
    const marked = { ...event, alarmId: mark.id, acknowledged: mark.acknowledgedAt !== null, shelvedUntil: mark.shelvedUntil };
    (mark.shelvedUntil !== null || isSuppressed(event.event, assignment) ? suppressed : current).push(marked);
  }
  return { events: current, suppressedEvents: suppressed };
}
