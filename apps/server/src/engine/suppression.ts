// Suppression by assignment (docs/probe-data.md (Suppression)): which events go to suppressedEvents for a given assignment.
import { eventDefinition, type Assignment, type ProbeEvent } from '@bpm/protocol';
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

/** Splits events into the two lists a Probe carries; an assignment change simply re-splits. */
export function partitionEvents(
  events: readonly ProbeEvent[],
  assignment: Assignment | null,
): { events: ProbeEvent[]; suppressedEvents: ProbeEvent[] } {
  const current: ProbeEvent[] = [];
  const suppressed: ProbeEvent[] = [];
  for (const event of events) (isSuppressed(event.event, assignment) ? suppressed : current).push(event);
  return { events: current, suppressedEvents: suppressed };
}
