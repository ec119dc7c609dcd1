// The engine's view of one probe: everything needed to evaluate the next report, and to build the
// published Probe (docs/data-model.md (Probe)) from it. Plain data, so the registry, the snapshot and tests share it.
import type { Assignment, ProbeEvent, Reading } from '@bpm/protocol';

export interface ProbeRecord {
  probeID: string;
  firmwareVersion: string;
  /** null: never assigned or cleared. isMonitoring and expectingCANData derive from it. */
  assignment: Assignment | null;
  /** The last accepted report's timestamp and readings; null until the first report. */
  report: { timestamp: string; readings: Reading[] } | null;
  /** The last accepted report's own timestamp (ms): older reports are ignored. */
  lastReportMs: number;
  /** Server time (ms) at which the last report was accepted: the watchdog counts from here. */
  receivedMs: number;
  /** receivedMs + timeoutSeconds; event 0 is raised when the clock passes it. */
  watchdogExpiryMs: number;
  /** null until a report carries one (published as 0). */
  batteryPercentage: number | null;
  batteryCharging: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Active persistent events, current and suppressed alike (the split depends on the assignment). */
  active: ProbeEvent[];
  /** The alarm of each active persistent event, by event code (docs/alarms.md); set by the alarms module. */
  alarms?: AlarmMarks;
}

/** What a published event says about its alarm; a shelved one goes to suppressedEvents. */
export interface AlarmMark {
  alarmId: number;
  acknowledged: boolean;
  shelvedUntil: string | null;
}
export type AlarmMarks = Readonly<Record<number, AlarmMark>>;

export function newProbeRecord(probeID: string): ProbeRecord {
  return {
    probeID,
    firmwareVersion: '',
    assignment: null,
    report: null,
    lastReportMs: Number.NEGATIVE_INFINITY,
    receivedMs: 0,
    watchdogExpiryMs: 0,
    batteryPercentage: null,
    batteryCharging: false,
    latitude: null,
    longitude: null,
    active: [],
  };
}

export function isMonitoring(assignment: Assignment | null): boolean {
  return assignment !== null && assignment.batteryPack !== null;
}

export function isExpectingCANData(assignment: Assignment | null): boolean {
  return isMonitoring(assignment) && assignment!.expectingCANData;
}
