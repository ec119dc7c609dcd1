// A battery pack's history (docs/history.md): its carriages (which probe carried it, where, when, with what
// readings and alarms) from stored rows and the open minutes, and pack search.
import {
  packHistoryPageDefault,
  packSearchLimit,
  type Carriage,
  type NamedRef,
  type PackHistory,
  type PackHistoryQuery,
  type PackSummary,
} from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import { nextTurn, TurnBudget } from '../../event-loop-turns.js';
import {
  bucketOfRow,
  mergeBuckets,
  minuteIso,
  minuteStartMs,
  stats,
  toRow,
  type BucketRow,
  type OpenMinute,
} from './history-aggregate.js';
import type { HistoryRecorder } from './history-recorder.js';
import { placeKey, type HistoryWriter } from './history-writer.js';
import {
  nameKinds,
  nextCarriageStart,
  searchPacks,
  selectBuckets,
  selectNames,
  selectPack,
} from './history.queries.js';
import { selectPackCarriages, type CarriageKey } from './pack-carriages.queries.js';

export interface PackHistorySources {
  db: Kysely<Database>;
  recorder: HistoryRecorder;
  writer: HistoryWriter;
  /** Writes the finished minutes, so that the read sees them. */
  flushFinished: () => Promise<void>;
  /** Ids of the alarms raised on a probe in [fromMs, toMs): a carriage's alarms (from the alarms module). */
  alarmIdsRaised: (probeID: string, fromMs: number, toMs: number) => Promise<number[]>;
}

/** An upper bound for minute ranges that fits a 4-byte integer column (PostgreSQL refuses larger parameters). */
const lastStorableMinute = 2_147_483_647;

/** A carriage being assembled from stored rows and the open minute. */
interface CarriageParts {
  probeID: string;
  fromMinute: number;
  lastMinute: number;
  stageId: number | null;
  agvId: number | null;
  /** The carriage's minutes merged; undefined while none is known. */
  merged: BucketRow | undefined;
}

function parseCursor(cursor: string | undefined): CarriageKey | undefined {
  if (cursor === undefined) return undefined;
  const [fromMinute, probeKey] = cursor.split('.').map(Number);
  return { fromMinute: fromMinute!, probeKey: probeKey! };
}

/**
 * One page of the pack's carriages: at most `limit` stored ones after `cursor`, and on the last page those only
 * in open minutes. Each carriage costs three queries, so the page gives the event loop back every 10 ms
 * (docs/history.md, docs/security.md "Probe data bounds").
 */
export async function readPackHistory(sources: PackHistorySources, packId: number, page: PackHistoryQuery = {}): Promise<PackHistory> {
  await sources.flushFinished();
  const db = sources.db;
  const limit = page.limit ?? packHistoryPageDefault;
  const pack = await selectPack(db, packId);
  const rows = await selectPackCarriages(db, packId, parseCursor(page.cursor), limit + 1);
  const lastRow = rows.length > limit ? rows[limit - 1] : undefined;
  const nextCursor = lastRow ? `${lastRow.from_minute}.${lastRow.probe_key}` : undefined;
  const parts: CarriageParts[] = [];
  let budget = new TurnBudget();
  for (const c of rows.slice(0, limit)) {
    if (budget.elapsed()) {
      await nextTurn();
      budget = new TurnBudget();
    }
    const probeID = sources.writer.probeIdOf(c.probe_key);
    if (probeID === undefined) continue;
    const end = await nextCarriageStart(db, c.probe_key, c.from_minute);
    const part: CarriageParts = {
      probeID,
      fromMinute: c.from_minute,
      lastMinute: c.from_minute,
      stageId: c.stage_id,
      agvId: c.agv_id,
      merged: undefined,
    };
    const [stored] = await selectBuckets(db, c.probe_key, c.from_minute, end ?? lastStorableMinute);
    if (stored) addBucket(part, stored);
    parts.push(part);
    // The probe's open minute continues this carriage when it is still at the same place.
    const open = sources.recorder.openMinuteOf(probeID);
    if (
      end === undefined &&
      open &&
      open.minute > part.lastMinute &&
      placeKey(open.assignment) === sources.writer.placeOf(probeID)
    ) {
      addBucket(part, bucketOfRow(toRow(open), 1));
    }
  }
  // Probes carrying the pack in their open minute, at a place not written yet: a carriage that starts now.
  let name = pack?.name;
  for (const open of sources.recorder.openMinutes()) {
    const carried = open.assignment?.batteryPack;
    if (carried?.id !== packId) continue;
    name ??= carried.name;
    if (nextCursor !== undefined || sources.writer.placeOf(open.probeID) === placeKey(open.assignment)) continue;
    const part = newParts(open);
    addBucket(part, bucketOfRow(toRow(open), 1));
    parts.push(part);
  }
  if (name === undefined) throw new NotFoundError('Battery pack not found');
  parts.sort((a, b) => a.fromMinute - b.fromMinute || a.probeID.localeCompare(b.probeID));
  const stages = await selectNames(db, nameKinds.stage, unique(parts.map((p) => p.stageId)));
  const agvs = await selectNames(db, nameKinds.agv, unique(parts.map((p) => p.agvId)));
  const openNames = liveNames(sources.recorder, packId);
  const ref = (id: number | null, names: Map<number, string>, live: Map<number, string>): NamedRef | null =>
    id === null ? null : { id, name: live.get(id) ?? names.get(id) ?? String(id) };
  const carriages: Carriage[] = [];
  for (const p of parts) {
    if (budget.elapsed()) {
      await nextTurn();
      budget = new TurnBudget();
    }
    const fromMs = minuteStartMs(p.fromMinute);
    const toMs = minuteStartMs(p.lastMinute + 1);
    carriages.push({
      probeID: p.probeID,
      agv: ref(p.agvId, agvs, openNames.agvs),
      buildStage: ref(p.stageId, stages, openNames.stages),
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      ...mergedStats(p.merged),
      alarms: await sources.alarmIdsRaised(p.probeID, fromMs, toMs),
    });
  }
  return { batteryPack: { id: packId, name }, carriages, ...(nextCursor === undefined ? {} : { nextCursor }) };
}

/** Packs by id or name: those written, and those only in open minutes so far (a pack seen this minute). */
export async function findPacks(
  sources: Pick<PackHistorySources, 'db' | 'recorder'>,
  q: string | undefined,
): Promise<PackSummary[]> {
  const text = (q ?? '').trim();
  const found = new Map<number, PackSummary>();
  for (const r of await searchPacks(sources.db, text, packSearchLimit))
    found.set(r.id, { id: r.id, name: r.name, lastSeen: minuteIso(r.last_minute) });
  const needle = text.toLowerCase();
  for (const open of sources.recorder.openMinutes()) {
    const pack = open.assignment?.batteryPack;
    if (!pack || !(String(pack.id) === text || pack.name.toLowerCase().includes(needle))) continue;
    found.set(pack.id, { id: pack.id, name: pack.name, lastSeen: minuteIso(open.minute) });
  }
  return [...found.values()].sort((a, b) => b.id - a.id).slice(0, packSearchLimit);
}

/** Stage and AGV names of open minutes carrying the pack (not written yet, so newer than the stored ones). */
function liveNames(recorder: HistoryRecorder, packId: number): { stages: Map<number, string>; agvs: Map<number, string> } {
  const stages = new Map<number, string>();
  const agvs = new Map<number, string>();
  for (const open of recorder.openMinutes()) {
    const a = open.assignment;
    if (a?.batteryPack?.id !== packId) continue;
    if (a.buildStage) stages.set(a.buildStage.id, a.buildStage.name);
    if (a.agv) agvs.set(a.agv.id, a.agv.name);
  }
  return { stages, agvs };
}

function newParts(open: OpenMinute): CarriageParts {
  return {
    probeID: open.probeID,
    fromMinute: open.minute,
    lastMinute: open.minute,
    stageId: open.assignment?.buildStage?.id ?? null,
    agvId: open.assignment?.agv?.id ?? null,
    merged: undefined,
  };
}

function addBucket(part: CarriageParts, bucket: BucketRow): void {
  part.merged = part.merged ? mergeBuckets(part.merged, bucket) : bucket;
  if (bucket.last_minute > part.lastMinute) part.lastMinute = bucket.last_minute;
}

function mergedStats(b: BucketRow | undefined): Pick<Carriage, 'internal' | 'external'> {
  return {
    internal: b ? stats(b.in_min, b.in_max, b.in_w, b.in_n) : null,
    external: b ? stats(b.ex_min, b.ex_max, b.ex_w, b.ex_n) : null,
  };
}

function unique(ids: ReadonlyArray<number | null>): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}
