// Rules driven by time and settings rather than by a report: the watchdog expiring, and every probe
// being re-evaluated when the thresholds change (docs/probe-data.md (Watchdog)).
import { eventCodes as codes, type SystemInfo } from '@bpm/protocol';
import { applyBatteryRules, applyTemperatureRules } from './conditions.js';
import { EventBook } from './event-book.js';
import { finishEvaluation, type Evaluation } from './evaluation.js';
import type { ProbeRecord } from './probe-record.js';

/** Raises event 0 once the expiry has passed; null when not due or already raised. */
export function raiseWatchdog(record: ProbeRecord, thresholds: SystemInfo, nowMs: number): Evaluation | null {
  if (nowMs < record.watchdogExpiryMs) return null;
  const book = new EventBook(record.active);
  if (book.has(codes.watchdog)) return null;
  book.raise(codes.watchdog, { timeoutSeconds: thresholds.timeoutSeconds });
  return finishEvaluation(record, book);
}

/**
 * New thresholds: the last report's readings and battery are judged again, and the watchdog expiry
 * moves with the new timeout (counted from the same receipt time). An active watchdog alert stays
 * until the probe reports again.
 */
export function reevaluateProbe(record: ProbeRecord, thresholds: SystemInfo): Evaluation {
  const book = new EventBook(record.active);
  if (record.report) applyTemperatureRules(book, record.report.readings, thresholds);
  if (record.batteryPercentage !== null) applyBatteryRules(book, record.batteryPercentage, thresholds);
  const watchdogExpiryMs = record.receivedMs + thresholds.timeoutSeconds * 1000;
  return finishEvaluation(record, book, watchdogExpiryMs);
}
