// The engine's view of one probe: everything needed to evaluate the next report, and to build the
// published Probe (docs/data-model.md (Probe)) from it. Plain data, so the registry, the snapshot and tests share it,
// but for its alarm marks: the alarms module's own alarm objects (alarm-marks.ts), stored by their fields (storedRecord).
import type { Assignment, ProbeEvent, Reading } from '@bpm/protocol';
import { restoredMarks, storedMarks, type AlarmMarks, type StoredMarks } from './alarm-marks.js';
import { sharedStoredEvent } from './shared-events.js';

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
  /** The open alarms of its active persistent events (docs/alarms.md): the alarms module's own list (alarm-marks.ts). */
  alarms?: AlarmMarks;
}

/**
 * Every record is built by this one literal, so that all share one shape with every field inside the
 * object: a spread copy that adds a field (`{ ...record, alarms }`) moved fields to a separate
 * property array (~90 B more per probe, measured). An evaluation replaces its active events and watchdog
 * expiry through the two arguments rather than a spread copy first (the re-evaluation made two such copies
 * per probe, ~600 B of garbage each: docs/decisions/security.md#one-record-per-re-evaluation).
 */
export function probeRecord(
  r: ProbeRecord,
  active: ProbeEvent[] = r.active,
  watchdogExpiryMs: number = r.watchdogExpiryMs,
): ProbeRecord {
  return {
    probeID: r.probeID,
    firmwareVersion: r.firmwareVersion,
    assignment: r.assignment,
    report: r.report,
    lastReportMs: r.lastReportMs,
    receivedMs: r.receivedMs,
    watchdogExpiryMs,
    batteryPercentage: r.batteryPercentage,
    batteryCharging: r.batteryCharging,
    latitude: r.latitude,
    longitude: r.longitude,
    active,
    alarms: r.alarms,
  };
}

/** The record as a snapshot row stores it (JSON): its alarm marks by their own fields only. */
export function storedRecord(record: ProbeRecord): ProbeRecord {
  return record.alarms === undefined ? record : probeRecord({ ...record, alarms: storedMarks(record.alarms) });
}

/** A record read back from the snapshot (JSON): the same shape and shared events as a live one. */
export function restoredRecord(stored: ProbeRecord): ProbeRecord {
  return probeRecord({
    ...stored,
    // -Infinity for a probe that never reported: JSON writes that as null.
    lastReportMs: stored.lastReportMs ?? Number.NEGATIVE_INFINITY,
    active: stored.active.map(sharedStoredEvent),
    // Marks in any form a row has held (alarm-marks.ts).
    alarms: restoredMarks(stored.alarms as StoredMarks | undefined),
  });
}

export function newProbeRecord(probeID: string): ProbeRecord {
  return probeRecord({
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
    alarms: undefined,
  });
}

export function isMonitoring(assignment: Assignment | null): boolean {
  return assignment !== null && assignment.batteryPack !== null;
}

export function isExpectingCANData(assignment: Assignment | null): boolean {
  return isMonitoring(assignment) && assignment!.expectingCANData;
}
