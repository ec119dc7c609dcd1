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
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { AlarmsTable, Database, JournalTable } from '../../db/schema.js';
import { executeRepeatedInsert } from '../../db/repeated-insert.js';
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

export async function upsertAlarms(db: Db, alarms: readonly AlarmEpisode[]): Promise<void> {
  if (alarms.length === 0) return;
  const rows = alarms.map(episodeToRow);
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
  await db.deleteFrom('alarms').where('cleared_at', '<', cutoff).execute();
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

/**
 * Counts of the alarms raised in [from, to] (docs/alarms.md Summary). One scan of the covering index
 * grouped by 10-minute window, event and type gives the counts, the hours and the floods; the top
 * lists and the acknowledgement times take one scan each.
 */
export async function summarise(db: Db, from: string, to: string): Promise<Omit<AlarmSummary, 'from' | 'to'>> {
  const inRange = db.selectFrom('alarms').where('raised_at', '>=', from).where('raised_at', '<=', to);
  const count = sql<number>`count(*)`;
  const window = sql<string>`substr(raised_at, 1, 15)`;
  const [windows, topProbes, topStages, topPacks, ack] = await Promise.all([
    inRange
      .select([window.as('window'), 'event', 'event_type', count.as('count')])
      .groupBy([window, 'event', 'event_type'])
      .execute(),
    inRange
      .select(['probe_id', count.as('count')])
      .groupBy('probe_id')
      .orderBy('count', 'desc')
      .orderBy('probe_id')
      .limit(10)
      .execute(),
    inRange
      .where('stage_id', 'is not', null)
      .select(['stage_id', sql<string>`max(stage_name)`.as('name'), count.as('count')])
      .groupBy('stage_id')
      .orderBy('count', 'desc')
      .orderBy('stage_id')
      .limit(10)
      .execute(),
    inRange
      .where('pack_id', 'is not', null)
      .select(['pack_id', sql<string>`max(pack_name)`.as('name'), count.as('count')])
      .groupBy('pack_id')
      .orderBy('count', 'desc')
      .orderBy('pack_id')
      .limit(10)
      .execute(),
    inRange
      .where('ack_delay_ms', 'is not', null)
      .select([count.as('count'), sql<number | null>`avg(ack_delay_ms)`.as('mean')])
      .executeTakeFirst(),
  ]);
  const ackCount = Number(ack?.count ?? 0);
  let p90Ms: number | null = null;
  if (ackCount > 0) {
    const row = await inRange
      .where('ack_delay_ms', 'is not', null)
      .select('ack_delay_ms')
      .orderBy('ack_delay_ms')
      .offset(Math.min(ackCount - 1, Math.ceil(ackCount * 0.9) - 1))
      .limit(1)
      .executeTakeFirst();
    p90Ms = row?.ack_delay_ms ?? null;
  }
  const byType = new Map<string, number>();
  const byEvent = new Map<number, number>();
  const perHour = new Map<string, number>();
  const perWindow = new Map<string, number>();
  for (const row of windows) {
    const n = Number(row.count);
    byType.set(row.event_type, (byType.get(row.event_type) ?? 0) + n);
    byEvent.set(row.event, (byEvent.get(row.event) ?? 0) + n);
    perHour.set(row.window.slice(0, 13), (perHour.get(row.window.slice(0, 13)) ?? 0) + n);
    perWindow.set(row.window, (perWindow.get(row.window) ?? 0) + n);
  }
  const windowStart = (w: string) => `${w}0:00.000Z`;
  return {
    total: [...byType.values()].reduce((sum, n) => sum + n, 0),
    byEventType: [...byType]
      .map(([eventType, n]) => ({ eventType: eventType as EventType, count: n }))
      .sort((a, b) => b.count - a.count),
    byEvent: [...byEvent].map(([event, n]) => ({ event, count: n })).sort((a, b) => a.event - b.event),
    topProbes: topProbes.map((r) => ({ probeID: r.probe_id, count: Number(r.count) })),
    topStages: topStages.map((r) => ({ id: r.stage_id!, name: r.name, count: Number(r.count) })),
    topPacks: topPacks.map((r) => ({ id: r.pack_id!, name: r.name, count: Number(r.count) })),
    perHour: [...perHour].sort(([a], [b]) => a.localeCompare(b)).map(([hour, n]) => ({ hour: `${hour}:00:00.000Z`, count: n })),
    timeToAcknowledge: {
      count: ackCount,
      meanSeconds: ackCount > 0 && ack?.mean != null ? Number(ack.mean) / 1000 : null,
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
