// Alarms and the journal in the database (docs/alarms.md); rows never leave this file. Portable SQL
// only: times are ISO 8601 text, so hours and 10-minute windows are prefixes (substr) of raised_at.
import {
  alarmLimits,
  type AlarmFilter,
  type AlarmSummary,
  type EventType,
  type JournalEntry,
  type JournalFilter,
  type ProbeAssignment,
} from '@bpm/protocol';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AlarmsTable, Database, JournalTable } from '../../db/schema.js';
import { meanOfIntegers } from '../../db/dialect.js';
import { executeRepeatedInsert } from '../../db/repeated-insert.js';
import { recount, countedAlarms, rollupColumns } from './alarm-rollup.queries.js';
import { alarmState, type AlarmEpisode, type NewJournalEntry } from './alarm-tracker.js';

type Db = Kysely<Database>;
type AlarmRow = Selectable<AlarmsTable>;
type JournalRow = Selectable<JournalTable>;

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function assignmentOf(row: AlarmRow | JournalRow): ProbeAssignment | null {
  if (row.stage_id === null && row.agv_id === null && row.pack_id === null) return null;
  return {
    buildStage: ref(row.stage_id, row.stage_name),
    agv: ref(row.agv_id, row.agv_name),
    batteryPack: ref(row.pack_id, row.pack_name),
  };
}

function assignmentColumns(a: ProbeAssignment | null) {
  return {
    stage_id: a?.buildStage?.id ?? null,
    stage_name: a?.buildStage?.name ?? null,
    agv_id: a?.agv?.id ?? null,
    agv_name: a?.agv?.name ?? null,
    pack_id: a?.batteryPack?.id ?? null,
    pack_name: a?.batteryPack?.name ?? null,
  };
}

export function rowToEpisode(row: AlarmRow): AlarmEpisode {
  return {
    id: row.id,
    probeID: row.probe_id,
    event: row.event,
    eventType: row.event_type as EventType,
    raisedAt: row.raised_at,
    raisedMessage: row.raised_message,
    lastMessage: row.last_message,
    peak: row.peak,
    assignment: assignmentOf(row),
    suppressed: row.suppressed === 1,
    clearedAt: row.cleared_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy:
      row.acknowledged_by_id === null ? null : { id: row.acknowledged_by_id, username: row.acknowledged_by_name ?? '' },
    ackComment: row.ack_comment,
    shelvedUntil: row.shelved_until,
    shelvedBy: row.shelved_by_id === null ? null : { id: row.shelved_by_id, username: row.shelved_by_name ?? '' },
    shelveReason: row.shelve_reason,
    annunciated: row.annunciated === 1,
    ackDelayMs: row.ack_delay_ms,
  };
}

function episodeToRow(a: AlarmEpisode): AlarmRow {
  const state = alarmState(a);
  return {
    id: a.id,
    probe_id: a.probeID,
    event: a.event,
    event_type: a.eventType,
    raised_at: a.raisedAt,
    raised_message: a.raisedMessage,
    last_message: a.lastMessage,
    peak: a.peak,
    ...assignmentColumns(a.assignment),
    suppressed: a.suppressed ? 1 : 0,
    annunciated: a.annunciated ? 1 : 0,
    open: state === 'closed' ? 0 : 1,
    cleared_at: a.clearedAt,
    acknowledged_at: a.acknowledgedAt,
    acknowledged_by_id: a.acknowledgedBy?.id ?? null,
    acknowledged_by_name: a.acknowledgedBy?.username ?? null,
    ack_comment: a.ackComment,
    ack_delay_ms: a.ackDelayMs,
    shelved_until: a.shelvedUntil,
    shelved_by_id: a.shelvedBy?.id ?? null,
    shelved_by_name: a.shelvedBy?.username ?? null,
    shelve_reason: a.shelveReason,
  };
}

function rowToJournal(row: JournalRow): JournalEntry {
  return {
    id: row.id,
    ts: row.ts,
    probeID: row.probe_id,
    event: row.event,
    eventType: row.event_type as EventType,
    eventString: row.event_string,
    suppressed: row.suppressed === 1,
    assignment: assignmentOf(row),
    alarmId: row.alarm_id,
  };
}

// ---- writes (the batch writer) ----

/** Writes the alarms (new or changed) and moves the summary's roll-up with them, in one transaction. */
export async function upsertAlarms(db: Db, alarms: readonly AlarmEpisode[]): Promise<void> {
  if (alarms.length === 0) return;
  if (!db.isTransaction) return db.transaction().execute((trx) => upsertAlarms(trx, alarms));
  const rows = alarms.map(episodeToRow);
  const before = await countedAlarms(
    db,
    rows.map((r) => r.id),
  );
  await executeRepeatedInsert(db, 'upsertAlarms', rows, () =>
    db
      .insertInto('alarms')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => {
          const set: Record<string, unknown> = {};
          for (const column of Object.keys(rows[0]!))
            if (column !== 'id') set[column] = eb.ref(`excluded.${column}` as 'excluded.id');
          return set;
        }),
      ),
  );
  await recount(db, before, rows);
}

export async function insertJournal(db: Db, entries: readonly NewJournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    ts: e.ts,
    probe_id: e.probeID,
    event: e.event,
    event_type: e.eventType,
    event_string: e.eventString,
    suppressed: e.suppressed ? 1 : 0,
    alarm_id: e.alarmId,
    ...assignmentColumns(e.assignment),
  }));
  await executeRepeatedInsert(db, 'insertJournal', rows, () => db.insertInto('journal').values(rows));
}

/** Deletes journal entries and cleared alarms older than the cutoff; active alarms stay. */
export async function deleteOlderThan(db: Db, cutoff: string): Promise<void> {
  await db.deleteFrom('journal').where('ts', '<', cutoff).execute();
  // The deleted rows as they were when deleted (returning), uncounted in the same transaction.
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('alarms').where('cleared_at', '<', cutoff).returning(rollupColumns).execute();
    await recount(trx, deleted, []);
  });
}

// ---- reads ----

export async function nextAlarmId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('alarms')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function loadActiveAlarms(db: Db): Promise<AlarmEpisode[]> {
  const rows = await db.selectFrom('alarms').selectAll().where('open', '=', 1).where('cleared_at', 'is', null).execute();
  return rows.map(rowToEpisode);
}

export async function findAlarm(db: Db, id: number): Promise<AlarmEpisode | undefined> {
  const row = await db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirst();
  return row && rowToEpisode(row);
}

export async function findAlarms(db: Db, ids: readonly number[]): Promise<AlarmEpisode[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('alarms')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(rowToEpisode);
}

type AlarmQuery = SelectQueryBuilder<Database, 'alarms', object>;

function whereState(query: AlarmQuery, state: AlarmFilter['state']): AlarmQuery {
  switch (state) {
    case undefined:
      return query;
    case 'open':
      return query.where('open', '=', 1);
    case 'shelved':
      return query.where('open', '=', 1).where('cleared_at', 'is', null).where('shelved_until', 'is not', null);
    case 'unacknowledged':
    case 'acknowledged':
      return query
        .where('open', '=', 1)
        .where('cleared_at', 'is', null)
        .where('shelved_until', 'is', null)
        .where('acknowledged_at', state === 'acknowledged' ? 'is not' : 'is', null);
    case 'returned':
      return query.where('open', '=', 1).where('cleared_at', 'is not', null);
    case 'closed':
      return query.where('open', '=', 0);
  }
}

export async function listAlarms(db: Db, filter: Omit<AlarmFilter, 'limit'> & { limit: number }): Promise<AlarmEpisode[]> {
  let query = whereState(db.selectFrom('alarms'), filter.state);
  if (filter.probeID !== undefined) query = query.where('probe_id', '=', filter.probeID);
  if (filter.packId !== undefined) query = query.where('pack_id', '=', filter.packId);
  if (filter.stageId !== undefined) query = query.where('stage_id', '=', filter.stageId);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  if (filter.eventType !== undefined) query = query.where('event_type', '=', filter.eventType);
  if (filter.from !== undefined) query = query.where('raised_at', '>=', isoOf(filter.from));
  if (filter.to !== undefined) query = query.where('raised_at', '<=', isoOf(filter.to));
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.selectAll().orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(rowToEpisode);
}

export async function alarmIdsRaised(db: Db, probeID: string, fromIso: string, toIso: string): Promise<number[]> {
  const rows = await db
    .selectFrom('alarms')
    .select('id')
    .where('probe_id', '=', probeID)
    .where('raised_at', '>=', fromIso)
    .where('raised_at', '<', toIso)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function listJournal(
  db: Db,
  filter: Omit<JournalFilter, 'limit'> & { limit: number; alarmId?: number },
): Promise<JournalEntry[]> {
  let query = db.selectFrom('journal');
  if (filter.alarmId !== undefined) query = query.where('alarm_id', '=', filter.alarmId);
  if (filter.probeID !== undefined) query = query.where('probe_id', '=', filter.probeID);
  if (filter.packId !== undefined) query = query.where('pack_id', '=', filter.packId);
  if (filter.from !== undefined) query = query.where('ts', '>=', isoOf(filter.from));
  if (filter.to !== undefined) query = query.where('ts', '<=', isoOf(filter.to));
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.selectAll().orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(rowToJournal);
}

/** Stored times are UTC with milliseconds ("…000Z"); a filter with an offset is brought to that form so text order is time order. */
function isoOf(time: string): string {
  return new Date(time).toISOString();
}

type Summary = Omit<AlarmSummary, 'from' | 'to'>;
type WindowCount = { window: string; event: number; event_type: string; count: number | string };
type TopRow = { id: number | null; name: string | null; count: number | string };
type RangeQuery = SelectQueryBuilder<Database, 'alarms', object>;
const count = sql<number>`count(*)`;
/**
 * The summary counts annunciated alarms only (docs/alarms.md "Summary"); the others are counted apart. Literals,
 * not bound values, so that the planner can read the annunciated ones from the partial index
 * alarms_raised_annunciated (migration 0011-alarm-rollup-annunciated) alone.
 */
const isAnnunciated = sql<SqlBool>`annunciated = 1`;
const isNotAnnunciated = sql<SqlBool>`annunciated <> 1`;
/** The 10-minute window of an alarm: the first 15 characters of raised_at ("2026-11-23T08:4"). */
const windowOf = sql<string>`substr(raised_at, 1, 15)`;
const hourMs = 60 * 60 * 1000;

/**
 * Counts of the annunciated alarms raised in [from, to], and the number of the others (docs/alarms.md
 * Summary). The full hours of the range are read from the roll-up (docs/alarms.md "Summary roll-up"):
 * counts, hours, floods, stages, the acknowledgement count and mean, and the alarms never annunciated; the
 * part-hours at either end, the top probes and packs and the 90th percentile are scanned. The answer is the
 * plain scan's (scanSummary), for every range.
 */
export async function summarise(db: Db, from: string, to: string): Promise<Summary> {
  const hours = fullHoursOf(from, to);
  if (!hours) return scanSummary(db, from, to);
  const inRange = rangeOf(db, from, to).where(isAnnunciated);
  // The scanned ends: [from, first full hour) and [end of the last full hour, to].
  const endsOfAll = [
    db.selectFrom('alarms').where('raised_at', '>=', from).where('raised_at', '<', hours.first),
    db.selectFrom('alarms').where('raised_at', '>=', hours.end).where('raised_at', '<=', to),
  ];
  const ends = endsOfAll.map((end) => end.where(isAnnunciated));
  const firstWindow = `${hours.first.slice(0, 13)}:0`;
  const endWindow = `${hours.end.slice(0, 13)}:0`;
  const fullWindows = db.selectFrom('alarm_windows').where('ten_minutes', '>=', firstWindow).where('ten_minutes', '<', endWindow);
  const rolledWindows = fullWindows.where('raised', '>', 0);
  const notAnnunciatedParts = endsOfAll.reduce(
    (parts, end) => parts.unionAll(end.where(isNotAnnunciated).select(count.as('n'))),
    fullWindows.where('not_annunciated', '>', 0).select('not_annunciated as n'),
  );
  const stageParts = ends.reduce(
    (parts, end) =>
      parts.unionAll(
        end
          .where('stage_id', 'is not', null)
          .select(['stage_id', 'stage_name', sql<number>`1`.as('raised')])
          .$narrowType<{ stage_id: number; stage_name: string }>(),
      ),
    db
      .selectFrom('alarm_stage_hours')
      .where('hour', '>=', hours.first.slice(0, 13))
      .where('hour', '<', hours.end.slice(0, 13))
      .where('raised', '>', 0)
      .select(['stage_id', 'stage_name', 'raised']),
  );
  const ackParts = ends.reduce(
    (parts, end) =>
      parts.unionAll(end.select([sql<number>`count(ack_delay_ms)`.as('n'), sql<number>`sum(ack_delay_ms)`.as('s')])),
    rolledWindows.select(['acknowledged as n', 'ack_delay_ms_sum as s']),
  );
  const [rolled, firstEnd, lastEnd, topStages, ack, notAnnunciated, [topProbes, topPacks]] = await Promise.all([
    rolledWindows.select(['ten_minutes as window', 'event', 'event_type', 'raised as count']).execute(),
    windowCounts(ends[0]!),
    windowCounts(ends[1]!),
    db
      .selectFrom(stageParts.as('parts'))
      .select(['stage_id as id', sql<string>`max(stage_name)`.as('name'), sql<number>`sum(raised)`.as('count')])
      .groupBy('stage_id')
      .orderBy('count', 'desc')
      .orderBy('stage_id')
      .limit(10)
      .execute(),
    db
      .selectFrom(ackParts.as('parts'))
      .select([sql<number | null>`sum(n)`.as('count'), meanOfIntegers(db, sql`sum(s)`, sql`sum(n)`).as('mean')])
      .executeTakeFirst(),
    db
      .selectFrom(notAnnunciatedParts.as('parts'))
      .select(sql<number | string | null>`sum(n)`.as('count'))
      .executeTakeFirst(),
    topProbesAndPacks(inRange),
  ]);
  return assemble(inRange, {
    windows: [...firstEnd, ...rolled, ...lastEnd],
    notAnnunciated: notAnnunciated?.count,
    topProbes,
    topStages,
    topPacks,
    ack,
  });
}

/**
 * The plain scan: every alarm of [from, to] read (one group-by of 10-minute windows for the counts, hours
 * and floods; one scan each for the top lists and the acknowledgement times, all of annunciated alarms; one
 * count of the others). Ranges without a full hour are answered so; it is also the definition the roll-up
 * is checked against (alarm-rollup.test.ts).
 */
export async function scanSummary(db: Db, from: string, to: string): Promise<Summary> {
  const inRange = rangeOf(db, from, to).where(isAnnunciated);
  const [windows, topStages, ack, notAnnunciated, [topProbes, topPacks]] = await Promise.all([
    windowCounts(inRange),
    inRange
      .where('stage_id', 'is not', null)
      .select(['stage_id as id', sql<string>`max(stage_name)`.as('name'), count.as('count')])
      .groupBy('stage_id')
      .orderBy('count', 'desc')
      .orderBy('stage_id')
      .limit(10)
      .execute(),
    inRange
      .where('ack_delay_ms', 'is not', null)
      .select([count.as('count'), sql<number | string | null>`avg(ack_delay_ms)`.as('mean')])
      .executeTakeFirst(),
    rangeOf(db, from, to).where(isNotAnnunciated).select(count.as('count')).executeTakeFirst(),
    topProbesAndPacks(inRange),
  ]);
  return assemble(inRange, { windows, notAnnunciated: notAnnunciated?.count, topProbes, topStages, topPacks, ack });
}

function rangeOf(db: Db, from: string, to: string): RangeQuery {
  return db.selectFrom('alarms').where('raised_at', '>=', from).where('raised_at', '<=', to);
}

/**
 * The hours wholly inside [from, to]: [first, end) as stored times, or null when there is none (or the
 * range is not in the stored form, "…000Z", where text order is time order and the split is exact).
 */
function fullHoursOf(from: string, to: string): { first: string; end: string } | null {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return null;
  if (new Date(fromMs).toISOString() !== from || new Date(toMs).toISOString() !== to) return null;
  const first = Math.ceil(fromMs / hourMs) * hourMs;
  const end = Math.floor((toMs + 1) / hourMs) * hourMs;
  if (end <= first) return null;
  const [firstIso, endIso] = [new Date(first).toISOString(), new Date(end).toISOString()];
  return firstIso.length === 24 && endIso.length === 24 ? { first: firstIso, end: endIso } : null;
}

function windowCounts(range: RangeQuery): Promise<WindowCount[]> {
  return range
    .select([windowOf.as('window'), 'event', 'event_type', count.as('count')])
    .groupBy([windowOf, 'event', 'event_type'])
    .execute();
}

function topProbesAndPacks(range: RangeQuery): Promise<[{ probe_id: string; count: number }[], TopRow[]]> {
  return Promise.all([
    range
      .select(['probe_id', count.as('count')])
      .groupBy('probe_id')
      .orderBy('count', 'desc')
      .orderBy('probe_id')
      .limit(10)
      .execute(),
    range
      .where('pack_id', 'is not', null)
      .select(['pack_id as id', sql<string>`max(pack_name)`.as('name'), count.as('count')])
      .groupBy('pack_id')
      .orderBy('count', 'desc')
      .orderBy('pack_id')
      .limit(10)
      .execute(),
  ]);
}

/** The 90th percentile of the acknowledgement delays of the range (ms), or null when none. */
async function p90Of(range: RangeQuery, ackCount: number): Promise<number | null> {
  if (ackCount === 0) return null;
  const row = await range
    .where('ack_delay_ms', 'is not', null)
    .select('ack_delay_ms')
    .orderBy('ack_delay_ms')
    .offset(Math.min(ackCount - 1, Math.ceil(ackCount * 0.9) - 1))
    .limit(1)
    .executeTakeFirst();
  return row?.ack_delay_ms ?? null;
}

/** The answer from the counted parts; the 90th percentile of the acknowledgement delays is read from `range` (annunciated alarms) here. */
async function assemble(
  range: RangeQuery,
  parts: {
    windows: readonly WindowCount[];
    /** The alarms of the range that were never annunciated. */
    notAnnunciated: number | string | null | undefined;
    topProbes: readonly { probe_id: string; count: number | string }[];
    topStages: readonly TopRow[];
    topPacks: readonly TopRow[];
    ack: { count: number | string | null; mean: number | string | null } | undefined;
  },
): Promise<Summary> {
  const ackCount = Number(parts.ack?.count ?? 0);
  const ackMeanMs = parts.ack?.mean ?? null;
  const p90Ms = await p90Of(range, ackCount);
  const byType = new Map<string, number>();
  const byEvent = new Map<number, number>();
  const perHour = new Map<string, number>();
  const perWindow = new Map<string, number>();
  for (const row of parts.windows) {
    const n = Number(row.count);
    byType.set(row.event_type, (byType.get(row.event_type) ?? 0) + n);
    byEvent.set(row.event, (byEvent.get(row.event) ?? 0) + n);
    perHour.set(row.window.slice(0, 13), (perHour.get(row.window.slice(0, 13)) ?? 0) + n);
    perWindow.set(row.window, (perWindow.get(row.window) ?? 0) + n);
  }
  const windowStart = (w: string) => `${w}0:00.000Z`;
  const top = (rows: readonly TopRow[]) => rows.map((r) => ({ id: r.id!, name: r.name ?? '', count: Number(r.count) }));
  return {
    total: [...byType.values()].reduce((sum, n) => sum + n, 0),
    notAnnunciated: Number(parts.notAnnunciated ?? 0),
    // Equal counts in event type order: the rows come in no set order (PostgreSQL groups by hashing).
    byEventType: [...byType]
      .map(([eventType, n]) => ({ eventType: eventType as EventType, count: n }))
      .sort((a, b) => b.count - a.count || (a.eventType < b.eventType ? -1 : a.eventType > b.eventType ? 1 : 0)),
    byEvent: [...byEvent].map(([event, n]) => ({ event, count: n })).sort((a, b) => a.event - b.event),
    topProbes: parts.topProbes.map((r) => ({ probeID: r.probe_id, count: Number(r.count) })),
    topStages: top(parts.topStages),
    topPacks: top(parts.topPacks),
    perHour: [...perHour].sort(([a], [b]) => a.localeCompare(b)).map(([hour, n]) => ({ hour: `${hour}:00:00.000Z`, count: n })),
    timeToAcknowledge: {
      count: ackCount,
      meanSeconds: ackCount > 0 && ackMeanMs != null ? Number(ackMeanMs) / 1000 : null,
      p90Seconds: p90Ms === null ? null : p90Ms / 1000,
    },
    floods: [...perWindow]
      .filter(([, n]) => n > alarmLimits.floodAlarms)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([w, n]) => ({
        start: windowStart(w),
        end: new Date(Date.parse(windowStart(w)) + alarmLimits.floodWindowMinutes * 60_000).toISOString(),
        count: n,
      })),
  };
}

/** Acknowledges stored alarms that are not active (returned ones); answers those it changed. */
export async function acknowledgeStored(
  db: Db,
  ids: readonly number[],
  by: { id: number; username: string },
  comment: string | null,
  now: string,
): Promise<AlarmEpisode[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('alarms')
      .selectAll()
      .where('id', 'in', [...ids])
      .where('acknowledged_at', 'is', null)
      .where('cleared_at', 'is not', null)
      .execute();
    const changed = rows.map((row) => {
      const a = rowToEpisode(row);
      a.acknowledgedAt = now;
      a.acknowledgedBy = by;
      a.ackComment = comment;
      a.ackDelayMs = Math.max(0, Date.parse(now) - Date.parse(a.raisedAt));
      return a;
    });
    await upsertAlarms(trx, changed);
    return changed;
  });
}
