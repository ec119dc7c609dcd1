// A probe's history (docs/history.md): stored minutes or hourly roll-ups downsampled to the points asked
// for, the live minute included, each point placed at the stage and pack its probe was at.
import { historyMaxPoints, type HistoryRangeQuery, type ProbeHistory } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import {
  bucketMinutes,
  bucketOfRow,
  mergeBuckets,
  toMinute,
  toPoint,
  toRow,
  type BucketRow,
  type MinutePlace,
} from './history-aggregate.js';
import { parseHistoryRange } from './history-range.js';
import type { HistoryRecorder } from './history-recorder.js';
import type { HistoryWriter } from './history-writer.js';
import { selectBuckets, selectHourBuckets, selectProbeCarriages } from './history.queries.js';

export interface ProbeHistorySources {
  db: Kysely<Database>;
  recorder: HistoryRecorder;
  writer: HistoryWriter;
  clock: () => number;
  /** Does the probes module know this probe (a probe with no history yet is not unknown)? */
  probeExists: (probeID: string) => boolean;
  /** Writes the finished minutes, so that the read sees them. */
  flushFinished: () => Promise<void>;
  /** The first hour not rolled up yet. */
  rolledUntil: () => number;
}

/** Spans longer than this are answered in whole hours, mostly from the hourly roll-up (a 7-day range stays in minutes). */
const hourlyAfterMinutes = 8 * 1440;

export async function readProbeHistory(
  sources: ProbeHistorySources,
  probeID: string,
  query: HistoryRangeQuery,
): Promise<ProbeHistory> {
  const now = sources.clock();
  const { fromMs, toMs } = parseHistoryRange(query, now);
  const open = sources.recorder.openMinuteOf(probeID);
  if (sources.writer.keyOf(probeID) === undefined && !open && !sources.probeExists(probeID)) {
    throw new NotFoundError('Probe not found');
  }
  const fromMinute = toMinute(fromMs);
  const endMinute = toMinute(toMs) + 1;
  // Long spans in whole hours (buckets of k hours), so that the hourly roll-up answers most of them.
  const hoursPerBucket =
    endMinute - fromMinute > hourlyAfterMinutes
      ? bucketMinutes(Math.floor(fromMinute / 60), Math.ceil(endMinute / 60), historyMaxPoints)
      : undefined;
  const size = hoursPerBucket === undefined ? bucketMinutes(fromMinute, endMinute, historyMaxPoints) : hoursPerBucket * 60;
  await sources.flushFinished();

  const key = sources.writer.keyOf(probeID);
  const buckets =
    key === undefined
      ? []
      : hoursPerBucket === undefined
        ? await selectBuckets(sources.db, key, fromMinute, endMinute, size)
        : await hourlyBuckets(sources, key, fromMinute, endMinute, hoursPerBucket);
  const carriages = key === undefined ? [] : await selectProbeCarriages(sources.db, key, fromMinute, endMinute);
  const last = buckets.at(-1);
  // The live minute (unless a restart already stored it: the stored version is the one kept).
  const openInRange =
    open !== undefined && open.minute >= fromMinute && open.minute < endMinute && last?.last_minute !== open.minute;
  if (openInRange) {
    const live = bucketOfRow(toRow(open), size);
    if (last?.bucket === live.bucket) buckets[buckets.length - 1] = mergeBuckets(last, live);
    else buckets.push(live);
  }

  // Minutes are asked for in increasing order: one walk over the carriages.
  let index = -1;
  const placeOf = (minute: number): MinutePlace => {
    if (openInRange && minute === open.minute) {
      return { stageId: open.assignment?.buildStage?.id ?? null, packId: open.assignment?.batteryPack?.id ?? null };
    }
    while (index + 1 < carriages.length && carriages[index + 1]!.from_minute <= minute) index += 1;
    const found = carriages[index];
    return { stageId: found?.stage_id ?? null, packId: found?.pack_id ?? null };
  };
  return {
    probeID,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    resolutionSeconds: size * 60,
    points: buckets.map((b) => toPoint(b, size, placeOf(b.last_minute))),
  };
}

/**
 * Buckets of whole hours over [fromMinute, endMinute): the rolled-up hours inside the range from
 * history_hours, the minutes before the first whole hour and after the last rolled-up one from
 * history_minutes, merged where they share a bucket.
 */
async function hourlyBuckets(
  sources: ProbeHistorySources,
  key: number,
  fromMinute: number,
  endMinute: number,
  hoursPerBucket: number,
): Promise<BucketRow[]> {
  const db = sources.db;
  const size = hoursPerBucket * 60;
  const firstHour = Math.ceil(fromMinute / 60);
  const endHour = Math.min(Math.floor(endMinute / 60), sources.rolledUntil());
  if (firstHour >= endHour) return selectBuckets(db, key, fromMinute, endMinute, size);
  const parts = [
    await selectBuckets(db, key, fromMinute, firstHour * 60, size),
    await selectHourBuckets(db, key, firstHour, endHour, hoursPerBucket),
    await selectBuckets(db, key, endHour * 60, endMinute, size),
  ];
  const merged: BucketRow[] = [];
  for (const b of parts.flat()) {
    const last = merged.at(-1);
    if (last?.bucket === b.bucket) merged[merged.length - 1] = mergeBuckets(last, b);
    else merged.push(b);
  }
  return merged;
}
