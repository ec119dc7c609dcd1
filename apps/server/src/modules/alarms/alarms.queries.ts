// Alarms and the journal in the database (docs/alarms.md); rows never leave the alarms queries. Portable SQL
// only: times are ISO 8601 text, so text order is time order.
import type { AlarmFilter, JournalEntry, JournalFilter } from '@bpm/protocol';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { executeRepeatedInsert } from '../../db/repeated-insert.js';
import { recount, countedAlarms, inSteadySizes, rollupColumns } from './alarm-rollup.queries.js';
import { assignmentColumns, episodeToRow, rowToEpisode, rowToJournal } from './alarm-rows.js';
import type { AlarmEpisode, NewJournalEntry } from './alarm-tracker.js';

type Db = Kysely<Database>;

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
  await inSteadySizes(rows, (some) =>
    executeRepeatedInsert(db, 'upsertAlarms', some, () =>
      db
        .insertInto('alarms')
        .values(some)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => {
            const set: Record<string, unknown> = {};
            for (const column of Object.keys(some[0]!))
              if (column !== 'id') set[column] = eb.ref(`excluded.${column}` as 'excluded.id');
            return set;
          }),
        ),
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
  await inSteadySizes(rows, (some) => executeRepeatedInsert(db, 'insertJournal', some, () => db.insertInto('journal').values(some)));
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
