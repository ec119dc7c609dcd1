// One report (or assignment change) in, the probe's next state and events out (docs/probe-data.md (Event rules)).
// Pure: the previous record, thresholds and the current time are passed in.
import { eventCodes as codes, type Assignment, type NamedRef, type ProbeReport, type SystemInfo } from '@bpm/protocol';
import { applyBatteryRules, applyReadingValidityRules, applyTemperatureRules } from './conditions.js';
import { EventBook } from './event-book.js';
import { finishEvaluation, type Evaluation } from './evaluation.js';
import { isMonitoring, newProbeRecord, probeRecord, type ProbeRecord } from './probe-record.js';

/**
 * Applies a report. Returns null when the report is older than the probe's last one (ignored).
 * The watchdog counts from the server's receipt time, not the report's own clock, so a probe with
 * a skewed clock neither expires at once nor hides for hours.
 */
export function evaluateReport(
  previous: ProbeRecord | undefined,
  report: ProbeReport,
  thresholds: SystemInfo,
  nowMs: number,
  /** The report's time when the caller has already parsed it (the ingest path checks it against the clock first). */
  reportMs = report.timestamp === undefined ? nowMs : Date.parse(report.timestamp),
): Evaluation | null {
  if (previous && reportMs < previous.lastReportMs) return null;
  const base = previous ?? newProbeRecord(report.probeID);
  const book = new EventBook(base.active);

  if (book.has(codes.watchdog)) book.raise(codes.reporting);
  // An unchanged assignment keeps the previous object: probes resend it with every report, and the
  // parsed copy then dies young instead of being retained (less old-generation garbage under load).
  const isSamePlace = report.assignment === undefined || samePlace(base.assignment, report.assignment);
  const assignment =
    report.assignment === undefined || (isSamePlace && base.assignment?.expectingCANData === report.assignment?.expectingCANData)
      ? base.assignment
      : report.assignment;
  // The place was just compared: the rules need not compare it again (once per report, profiled at 1 %).
  if (!isSamePlace) applyAssignmentRules(book, base.assignment, assignment);

  const readings = report.readings;
  // A report without readings (a heartbeat) says nothing about temperatures: those events stay.
  if (readings.length > 0) {
    applyReadingValidityRules(book, readings);
    applyTemperatureRules(book, readings, thresholds);
  }
  if (report.batteryPercentage !== undefined) applyBatteryRules(book, report.batteryPercentage, thresholds);
  const batteryPercentage = report.batteryPercentage ?? base.batteryPercentage;
  const batteryCharging = report.batteryCharging ?? base.batteryCharging;
  if (batteryCharging && !base.batteryCharging) book.raise(codes.chargingStarted);

  // Every field, in probeRecord's order (one shape for all records).
  const record: ProbeRecord = {
    probeID: base.probeID,
    firmwareVersion: report.firmwareVersion ?? base.firmwareVersion,
    assignment,
    // A canonical UTC timestamp is kept as sent (no Date + string per report); others are normalised.
    report: { timestamp: isCanonical(report.timestamp) ? report.timestamp : new Date(reportMs).toISOString(), readings },
    lastReportMs: reportMs,
    receivedMs: nowMs,
    watchdogExpiryMs: nowMs + thresholds.timeoutSeconds * 1000,
    batteryPercentage,
    batteryCharging,
    latitude: report.latitude ?? base.latitude,
    longitude: report.longitude ?? base.longitude,
    active: book.active,
    alarms: base.alarms,
  };
  return finishEvaluation(record, book);
}

/** PUT /probes/{id}/assignment: a new assignment without a report; the watchdog does not move. */
export function evaluateAssignment(previous: ProbeRecord, assignment: Assignment | null): Evaluation {
  const book = new EventBook(previous.active);
  applyAssignmentRules(book, previous.assignment, assignment);
  return finishEvaluation(probeRecord({ ...previous, assignment }), book);
}

/** 40 when a (different) pack, stage or AGV is assigned, 41 when monitoring stops. A change of
 *  expectingCANData alone only moves CAN events between the lists. */
function applyAssignmentRules(book: EventBook, before: Assignment | null, after: Assignment | null): void {
  if (samePlace(before, after)) return;
  if (isMonitoring(after)) {
    book.raise(codes.assigned, {
      batteryPack: after!.batteryPack!.name,
      buildStage: after!.buildStage?.name ?? 'no build stage',
      agv: after!.agv?.name ?? 'no AGV',
    });
  } else if (isMonitoring(before)) {
    book.raise(codes.unassigned);
  }
}

const isCanonical = (timestamp: string | undefined): timestamp is string =>
  timestamp !== undefined && timestamp.length === 24 && timestamp.endsWith('Z');

const sameRef = (a: NamedRef | null, b: NamedRef | null) =>
  a === b || (a !== null && b !== null && a.id === b.id && a.name === b.name);

function samePlace(a: Assignment | null, b: Assignment | null): boolean {
  if (a === null || b === null) return a === b;
  return sameRef(a.buildStage, b.buildStage) && sameRef(a.agv, b.agv) && sameRef(a.batteryPack, b.batteryPack);
}
