// Minute aggregates (docs/history.md): pure arithmetic, no clock and no I/O. A probe's open minute
// accumulates its reports; a finished minute becomes a stored row (integers: °C ×100, % ×10); stored
// minutes merge into wider buckets for long spans, with min and max kept exactly and the mean
// weighted by the number of valid readings behind it.
import { historyEpochMs, type Assignment, type HistoryPoint, type Reading, type TemperatureStats } from '@bpm/protocol';
import type { HistoryHoursTable, HistoryMinutesTable } from '../../db/schema.js';

export const minuteMs = 60_000;
// Stored minutes count from historyEpochMs (2020), so that a minute fits SQLite's 3-byte integer until 2035.

export const toMinute = (ms: number): number => Math.floor((ms - historyEpochMs) / minuteMs);
export const minuteStartMs = (minute: number): number => historyEpochMs + minute * minuteMs;
export const minuteIso = (minute: number): string => new Date(minuteStartMs(minute)).toISOString();

/** A probe's minute while it is open (in memory). */
export interface OpenMinute {
  probeID: string;
  minute: number;
  reports: number;
  inMin: number;
  inMax: number;
  inSum: number;
  inN: number;
  exMin: number;
  exMax: number;
  exSum: number;
  exN: number;
  battery: number | null;
  /** The assignment of the minute's last report (the engine keeps the same object while it is unchanged). */
  assignment: Assignment | null;
}

export function openMinute(probeID: string, minute: number): OpenMinute {
  return {
    probeID,
    minute,
    reports: 0,
    inMin: Infinity,
    inMax: -Infinity,
    inSum: 0,
    inN: 0,
    exMin: Infinity,
    exMax: -Infinity,
    exSum: 0,
    exN: 0,
    battery: null,
    assignment: null,
  };
}

/** Adds one report: its valid readings (CAN internal, thermocouple external), battery and assignment. */
export function addReport(
  open: OpenMinute,
  readings: readonly Reading[],
  battery: number | null,
  assignment: Assignment | null,
): void {
  open.reports += 1;
  for (const reading of readings) {
    if (!reading.valid) continue;
    const value = reading.temperature;
    if (reading.origin === 'CAN') {
      if (value < open.inMin) open.inMin = value;
      if (value > open.inMax) open.inMax = value;
      open.inSum += value;
      open.inN += 1;
    } else {
      if (value < open.exMin) open.exMin = value;
      if (value > open.exMax) open.exMax = value;
      open.exSum += value;
      open.exN += 1;
    }
  }
  if (battery !== null) open.battery = battery;
  open.assignment = assignment;
}

/** A minute as stored (the minute table's row without its probe): temperatures in hundredths of a degree, battery in tenths of a percent. */
export type MinuteRow = Omit<HistoryMinutesTable, 'probe_key'>;

/** Clamped so that an absurd reading cannot overflow the column (probe bounds are checked at ingest). */
const centi = (value: number): number => Math.max(-2e9, Math.min(2e9, Math.round(value * 100)));

export function toRow(open: OpenMinute): MinuteRow {
  const hasIn = open.inN > 0;
  const hasEx = open.exN > 0;
  return {
    minute: open.minute,
    reports: open.reports,
    in_min: hasIn ? centi(open.inMin) : null,
    in_max: hasIn ? centi(open.inMax) : null,
    in_mean: hasIn ? centi(open.inSum / open.inN) : null,
    in_n: open.inN,
    ex_min: hasEx ? centi(open.exMin) : null,
    ex_max: hasEx ? centi(open.exMax) : null,
    ex_mean: hasEx ? centi(open.exSum / open.exN) : null,
    ex_n: open.exN,
    battery: open.battery === null ? null : Math.round(open.battery * 10),
  };
}

/** Where a minute was: the place of the carriage covering it. */
export interface MinutePlace {
  stageId: number | null;
  packId: number | null;
}

/** Minutes per bucket so that [fromMinute, toMinute) gives at most maxPoints buckets aligned on multiples of it. */
export function bucketMinutes(fromMinute: number, toMinute: number, maxPoints: number): number {
  const span = Math.max(1, toMinute - fromMinute);
  let size = Math.max(1, Math.ceil(span / maxPoints));
  while (Math.floor((toMinute - 1) / size) - Math.floor(fromMinute / size) + 1 > maxPoints) size += 1;
  return size;
}

/** Battery codes carry their minute, so that the largest code of a bucket is its last battery (SQL max()). */
export const batteryCodeBase = 2048;

/**
 * Minutes merged into one bucket (the database groups them, history.queries.ts selectBuckets): exact
 * min and max, the sum of mean × readings for a mean weighted by the readings behind each minute, the
 * last minute, and the last battery as `minute × batteryCodeBase + battery`. An hour of the roll-up
 * table (history_hours) is such a bucket of 60 minutes.
 */
export type BucketRow = { bucket: number } & Omit<HistoryHoursTable, 'probe_key' | 'hour'>;

export function bucketOfRow(row: MinuteRow, size: number): BucketRow {
  return {
    bucket: Math.floor(row.minute / size),
    last_minute: row.minute,
    reports: row.reports,
    in_min: row.in_min,
    in_max: row.in_max,
    in_w: row.in_mean === null ? null : row.in_mean * row.in_n,
    in_n: row.in_n,
    ex_min: row.ex_min,
    ex_max: row.ex_max,
    ex_w: row.ex_mean === null ? null : row.ex_mean * row.ex_n,
    ex_n: row.ex_n,
    battery_code: row.battery === null ? null : row.minute * batteryCodeBase + row.battery,
  };
}

const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const greatest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** Adds a later minute (or bucket) to a bucket, as the database's GROUP BY would have. */
export function mergeBuckets(a: BucketRow, b: BucketRow): BucketRow {
  return {
    bucket: a.bucket,
    last_minute: Math.max(a.last_minute, b.last_minute),
    reports: a.reports + b.reports,
    in_min: least(a.in_min, b.in_min),
    in_max: greatest(a.in_max, b.in_max),
    in_w: plus(a.in_w, b.in_w),
    in_n: a.in_n + b.in_n,
    ex_min: least(a.ex_min, b.ex_min),
    ex_max: greatest(a.ex_max, b.ex_max),
    ex_w: plus(a.ex_w, b.ex_w),
    ex_n: a.ex_n + b.ex_n,
    battery_code: greatest(a.battery_code, b.battery_code),
  };
}

export function stats(min: number | null, max: number | null, weighted: number | null, n: number): TemperatureStats | null {
  if (min === null || max === null || weighted === null || n <= 0) return null;
  return { min: min / 100, max: max / 100, mean: Math.round(weighted / n) / 100 };
}

/** A bucket as answered: its battery, stage and pack are its last minute's. */
export function toPoint(b: BucketRow, size: number, place: MinutePlace): HistoryPoint {
  const battery =
    b.battery_code === null ? null : (((b.battery_code % batteryCodeBase) + batteryCodeBase) % batteryCodeBase) / 10;
  return {
    t: minuteIso(b.bucket * size),
    internal: stats(b.in_min, b.in_max, b.in_w, b.in_n),
    external: stats(b.ex_min, b.ex_max, b.ex_w, b.ex_n),
    battery,
    reports: b.reports,
    stageId: place.stageId,
    packId: place.packId,
  };
}
