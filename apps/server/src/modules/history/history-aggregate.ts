// Minute aggregates (docs/history.md): pure arithmetic, no clock and no I/O. A probe's open minute
// accumulates its reports; a finished minute becomes a stored row (integers: °C ×100, % ×10); stored
// minutes merge into wider buckets for long spans, with min and max kept exactly and the mean
// weighted by the number of valid readings behind it.
import type { Assignment, HistoryPoint, Reading, TemperatureStats } from '@bpm/protocol';

export const minuteMs = 60_000;
/** Stored minutes count from here, so that a minute fits SQLite's 3-byte integer until 2035. */
export const historyEpochMs = Date.UTC(2020, 0, 1);

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

/** A minute as stored: temperatures in hundredths of a degree, battery in tenths of a percent. */
export interface MinuteRow {
  minute: number;
  reports: number;
  in_min: number | null;
  in_max: number | null;
  in_mean: number | null;
  in_n: number;
  ex_min: number | null;
  ex_max: number | null;
  ex_mean: number | null;
  ex_n: number;
  battery: number | null;
}

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

/** Running merge of stored stats (hundredths): exact min/max, mean weighted by the readings behind each. */
export class StatsMerge {
  min = Infinity;
  max = -Infinity;
  weighted = 0;
  n = 0;

  add(min: number | null, max: number | null, mean: number | null, n: number): void {
    if (min === null || max === null || mean === null || n <= 0) return;
    if (min < this.min) this.min = min;
    if (max > this.max) this.max = max;
    this.weighted += mean * n;
    this.n += n;
  }

  result(): TemperatureStats | null {
    if (this.n === 0) return null;
    return { min: this.min / 100, max: this.max / 100, mean: Math.round(this.weighted / this.n) / 100 };
  }
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

/**
 * Merges minute rows (in minute order) into buckets of `size` minutes aligned on multiples of it.
 * A bucket's battery, stage and pack are its last minute's; its reports are summed.
 */
export function mergeIntoPoints(
  rows: readonly MinuteRow[],
  size: number,
  placeOf: (minute: number) => MinutePlace,
): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  let i = 0;
  while (i < rows.length) {
    const bucket = Math.floor(rows[i]!.minute / size);
    const internal = new StatsMerge();
    const external = new StatsMerge();
    let reports = 0;
    let battery: number | null = null;
    let last = rows[i]!;
    for (; i < rows.length && Math.floor(rows[i]!.minute / size) === bucket; i++) {
      const row = rows[i]!;
      internal.add(row.in_min, row.in_max, row.in_mean, row.in_n);
      external.add(row.ex_min, row.ex_max, row.ex_mean, row.ex_n);
      reports += row.reports;
      if (row.battery !== null) battery = row.battery / 10;
      last = row;
    }
    const place = placeOf(last.minute);
    points.push({
      t: minuteIso(bucket * size),
      internal: internal.result(),
      external: external.result(),
      battery,
      reports,
      stageId: place.stageId,
      packId: place.packId,
    });
  }
  return points;
}
