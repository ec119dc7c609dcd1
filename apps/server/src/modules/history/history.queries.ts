// Kysely access to the history tables (migrations 0004-history, 0007-history-hours); rows never leave this file untyped.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { containsIgnoringCase } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { executeRepeatedInsert } from '../../db/repeated-insert.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { batteryCodeBase, type BucketRow, type MinuteRow } from './history-aggregate.js';

type Db = Kysely<Database> | Transaction<Database>;

export const nameKinds = { stage: 1, agv: 2, pack: 3 } as const;
export type NameKind = (typeof nameKinds)[keyof typeof nameKinds];

export interface CarriageRow {
  probe_key: number;
  from_minute: number;
  pack_id: number | null;
  stage_id: number | null;
  agv_id: number | null;
}

export interface NameRow {
  kind: number;
  id: number;
  name: string;
  last_minute: number;
}

export async function loadProbeKeys(db: Db): Promise<Array<{ probe_key: number; probe_id: string }>> {
  return db.selectFrom('history_probes').select(['probe_key', 'probe_id']).execute();
}

export async function insertProbeKeys(
  db: Db,
  probeIDs: readonly string[],
): Promise<Array<{ probe_key: number; probe_id: string }>> {
  if (probeIDs.length === 0) return [];
  return db
    .insertInto('history_probes')
    .values(probeIDs.map((probe_id) => ({ probe_id })))
    .returning(['probe_key', 'probe_id'])
    .execute();
}

/** A probe's latest carriage: where it was when the server last wrote its history (one key seek). */
export async function loadLatestCarriage(db: Db, probeKey: number): Promise<CarriageRow | undefined> {
  return db
    .selectFrom('history_carriages')
    .selectAll()
    .where('probe_key', '=', probeKey)
    .orderBy('from_minute', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function loadNames(db: Db, kinds: readonly number[]): Promise<NameRow[]> {
  return db
    .selectFrom('history_names')
    .selectAll()
    .where('kind', 'in', [...kinds])
    .execute();
}

export async function insertMinutes(db: Db, rows: ReadonlyArray<MinuteRow & { probe_key: number }>): Promise<void> {
  if (rows.length === 0) return;
  // A minute already stored (written at shutdown, then reopened after a restart) keeps its first version.
  await executeRepeatedInsert(db, 'insertMinutes', rows, () =>
    db
      .insertInto('history_minutes')
      .values([...rows])
      .onConflict((oc) => oc.columns(['probe_key', 'minute']).doNothing()),
  );
}

export async function insertCarriages(db: Db, rows: readonly CarriageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executeRepeatedInsert(db, 'insertCarriages', rows, () =>
    db
      .insertInto('history_carriages')
      .values([...rows])
      .onConflict((oc) => oc.columns(['probe_key', 'from_minute']).doNothing()),
  );
}

export async function upsertNames(db: Db, rows: readonly NameRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('history_names')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .columns(['kind', 'id'])
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), last_minute: eb.ref('excluded.last_minute') })),
    )
    .execute();
}

/**
 * Minutes merged by the database (GROUP BY `bucket`): exact min and max, sums of mean × readings, the
 * last minute and the last battery code. Sums of products are cast back to bigint: PostgreSQL's
 * sum(bigint) is a numeric, which arrives as text.
 */
function minuteAggregates(bucket: RawBuilder<number>) {
  return [
    bucket.as('bucket'),
    sql<number>`max(minute)`.as('last_minute'),
    sql<number>`sum(reports)`.as('reports'),
    sql<number | null>`min(in_min)`.as('in_min'),
    sql<number | null>`max(in_max)`.as('in_max'),
    sql<number | null>`cast(sum(cast(in_mean as bigint) * in_n) as bigint)`.as('in_w'),
    sql<number>`sum(in_n)`.as('in_n'),
    sql<number | null>`min(ex_min)`.as('ex_min'),
    sql<number | null>`max(ex_max)`.as('ex_max'),
    sql<number | null>`cast(sum(cast(ex_mean as bigint) * ex_n) as bigint)`.as('ex_w'),
    sql<number>`sum(ex_n)`.as('ex_n'),
    sql<
      number | null
    >`max(case when battery is not null then cast(minute as bigint) * ${sql.lit(batteryCodeBase)} + battery end)`.as(
      'battery_code',
    ),
  ] as const;
}

/**
 * A probe's minutes in [fromMinute, toMinute) merged by the database into buckets of `size` minutes
 * aligned on multiples of it (one bucket, numbered 0, without a size): 43,200 minutes come back as at
 * most 2,000 rows instead of being turned into objects one by one.
 */
export async function selectBuckets(
  db: Db,
  probeKey: number,
  fromMinute: number,
  toMinute: number,
  size?: number,
): Promise<BucketRow[]> {
  // Inlined, not a parameter: the GROUP BY expression must be the very same as the selected one.
  const bucket = size === undefined ? sql<number>`0` : sql<number>`minute / ${sql.lit(size)}`;
  let query = db
    .selectFrom('history_minutes')
    .select(minuteAggregates(bucket))
    .where('probe_key', '=', probeKey)
    .where('minute', '>=', fromMinute)
    .where('minute', '<', toMinute);
  if (size !== undefined) query = query.groupBy(bucket).orderBy(bucket);
  const rows = await query.execute();
  // Without GROUP BY an empty range still answers one row of nulls.
  return rows.filter((r) => r.last_minute !== null);
}

/** A probe's rolled-up hours in [fromHour, toHour) merged into buckets of `hoursPerBucket` hours aligned on multiples of it. */
export async function selectHourBuckets(
  db: Db,
  probeKey: number,
  fromHour: number,
  toHour: number,
  hoursPerBucket: number,
): Promise<BucketRow[]> {
  const bucket = sql<number>`hour / ${sql.lit(hoursPerBucket)}`;
  return db
    .selectFrom('history_hours')
    .select([
      bucket.as('bucket'),
      sql<number>`max(last_minute)`.as('last_minute'),
      sql<number>`sum(reports)`.as('reports'),
      sql<number | null>`min(in_min)`.as('in_min'),
      sql<number | null>`max(in_max)`.as('in_max'),
      sql<number | null>`cast(sum(in_w) as bigint)`.as('in_w'),
      sql<number>`sum(in_n)`.as('in_n'),
      sql<number | null>`min(ex_min)`.as('ex_min'),
      sql<number | null>`max(ex_max)`.as('ex_max'),
      sql<number | null>`cast(sum(ex_w) as bigint)`.as('ex_w'),
      sql<number>`sum(ex_n)`.as('ex_n'),
      sql<number | null>`max(battery_code)`.as('battery_code'),
    ])
    .where('probe_key', '=', probeKey)
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
}

/**
 * Rolls the probes' minutes of [fromHour, toHour) up into history_hours, replacing hours already there (a
 * minute written late is then counted): one INSERT … SELECT … GROUP BY, so an hour is exactly the
 * bucket of 60 minutes the minute table gives.
 */
export async function rollUpHours(db: Db, probeKeys: readonly number[], fromHour: number, toHour: number): Promise<void> {
  if (probeKeys.length === 0) return;
  await rollUpHoursQuery(db, probeKeys, fromHour * 60, toHour * 60).execute();
}

const probeHoursRollUp = reusableQuery(3, (db: Db, key: number, from: number, to: number) => rollUpHoursQuery(db, key, from, to));
/** rollUpHours for one probe: the catch-up's statement, compiled once (docs/decisions/history.md#hourly-roll-up). */
export async function rollUpProbeHours(db: Db, probeKey: number, fromHour: number, toHour: number): Promise<void> {
  await probeHoursRollUp(db, probeKey, fromHour * 60, toHour * 60);
}

const isList = (keys: readonly number[] | number): keys is readonly number[] => Array.isArray(keys);
/** rollUpHours' statement over minutes [fromMinute, toMinute), of one probe (`=`) or of several (`in`). */
export function rollUpHoursQuery(db: Db, probeKeys: readonly number[] | number, fromMinute: number, toMinute: number) {
  const select = db
    .selectFrom('history_minutes')
    .select(['probe_key', ...minuteAggregates(sql<number>`minute / 60`)])
    .where('probe_key', isList(probeKeys) ? 'in' : '=', isList(probeKeys) ? [...probeKeys] : probeKeys)
    .where('minute', '>=', fromMinute)
    .where('minute', '<', toMinute)
    .groupBy(['probe_key', sql`minute / 60`]);
  const columns = [
    'last_minute',
    'reports',
    'in_min',
    'in_max',
    'in_w',
    'in_n',
    'ex_min',
    'ex_max',
    'ex_w',
    'ex_n',
    'battery_code',
  ] as const;
  return db
    .insertInto('history_hours')
    .columns(['probe_key', 'hour', ...columns])
    .expression(select)
    .onConflict((oc) =>
      oc
        .columns(['probe_key', 'hour'])
        .doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])) as never),
    );
}

export async function deleteHours(db: Db, probeKeys: readonly number[], fromHour: number, toHour: number): Promise<void> {
  await db
    .deleteFrom('history_hours')
    .where('probe_key', 'in', [...probeKeys])
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
    .execute();
}

/** Every hour before the answer is rolled up for every probe; undefined before the first roll-up. */
export async function loadRolledUntil(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('history_rollup').select('until_hour').where('id', '=', 1).executeTakeFirst();
  return row?.until_hour;
}

export async function saveRolledUntil(db: Db, hour: number): Promise<void> {
  await db
    .insertInto('history_rollup')
    .values({ id: 1, until_hour: hour })
    .onConflict((oc) => oc.column('id').doUpdateSet({ until_hour: hour }))
    .execute();
}

/** The probe's carriages that cover part of [fromMinute, toMinute): the one in force at fromMinute, then later ones. */
export async function selectProbeCarriages(
  db: Db,
  probeKey: number,
  fromMinute: number,
  toMinute: number,
): Promise<CarriageRow[]> {
  return db
    .selectFrom('history_carriages')
    .selectAll()
    .where('probe_key', '=', probeKey)
    .where('from_minute', '<', toMinute)
    .where('from_minute', '>=', (eb) =>
      eb
        .selectFrom('history_carriages as l')
        .select((l) => l.fn.coalesce(l.fn.max('l.from_minute'), sql.lit(fromMinute)).as('m'))
        .where('l.probe_key', '=', probeKey)
        .where('l.from_minute', '<=', fromMinute),
    )
    .orderBy('from_minute')
    .execute();
}

/** Where the probe's next carriage starts (the end of the one starting at fromMinute); undefined while it is the latest. */
export async function nextCarriageStart(db: Db, probeKey: number, fromMinute: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('history_carriages')
    .select('from_minute')
    .where('probe_key', '=', probeKey)
    .where('from_minute', '>', fromMinute)
    .orderBy('from_minute')
    .limit(1)
    .executeTakeFirst();
  return row?.from_minute;
}

export async function selectNames(db: Db, kind: NameKind, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('history_names')
    .select(['id', 'name'])
    .where('kind', '=', kind)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function selectPack(db: Db, packId: number): Promise<NameRow | undefined> {
  return db
    .selectFrom('history_names')
    .selectAll()
    .where('kind', '=', nameKinds.pack)
    .where('id', '=', packId)
    .executeTakeFirst();
}

/** Packs whose id is `q` or whose name contains it (any case), newest ids first. */
export async function searchPacks(db: Db, q: string, limit: number): Promise<NameRow[]> {
  const id = /^\d{1,15}$/.test(q) ? Number(q) : undefined;
  return db
    .selectFrom('history_names')
    .selectAll()
    .where('kind', '=', nameKinds.pack)
    .where((eb) => {
      const byName = containsIgnoringCase(eb.ref('name'), q);
      return id === undefined || q === '' ? byName : eb.or([eb('id', '=', id), byName]);
    })
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Both run once per probe when a roll-up catches up or a prune looks each probe up: built and compiled once
// (docs/decisions/history.md#hourly-roll-up).
const firstMinuteOf = reusableQuery(1, (db: Db, probeKey: number) =>
  db.selectFrom('history_minutes').select('minute').where('probe_key', '=', probeKey).orderBy('minute').limit(sql.lit(1)),
);
const lastMinuteOf = reusableQuery(1, (db: Db, probeKey: number) =>
  db.selectFrom('history_minutes').select('minute').where('probe_key', '=', probeKey).orderBy('minute', 'desc').limit(sql.lit(1)),
);

export async function oldestMinute(db: Db, probeKey: number): Promise<number | undefined> {
  return (await firstMinuteOf(db, probeKey))[0]?.minute;
}

/** A probe's first and last stored minute (two key seeks). */
export async function minuteSpan(db: Db, probeKey: number): Promise<{ oldest: number; newest: number } | undefined> {
  const oldest = await oldestMinute(db, probeKey);
  if (oldest === undefined) return undefined;
  const newest = (await lastMinuteOf(db, probeKey))[0]!;
  return { oldest, newest: newest.minute };
}

export async function deleteMinutes(db: Db, probeKeys: readonly number[], fromMinute: number, toMinute: number): Promise<void> {
  await db
    .deleteFrom('history_minutes')
    .where('probe_key', 'in', [...probeKeys])
    .where('minute', '>=', fromMinute)
    .where('minute', '<', toMinute)
    .execute();
}

/** Deletes the probes' carriages that ended before `cutoff`: those followed by another one starting by then. */
export async function deleteCarriagesBefore(db: Db, probeKeys: readonly number[], cutoff: number): Promise<void> {
  await db
    .deleteFrom('history_carriages')
    .where('probe_key', 'in', [...probeKeys])
    .where('from_minute', '<', cutoff)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('history_carriages as later')
          .select(sql.lit(1).as('one'))
          .whereRef('later.probe_key', '=', 'history_carriages.probe_key')
          .whereRef('later.from_minute', '>', 'history_carriages.from_minute')
          .where('later.from_minute', '<=', cutoff),
      ),
    )
    .execute();
}

/** Up to `limit` packs after the id `afterId` in id order, with when each was last seen. */
export async function selectPacksAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; last_minute: number }>> {
  return db
    .selectFrom('history_names')
    .select(['id', 'last_minute'])
    .where('kind', '=', nameKinds.pack)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deletePacks(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('history_names')
    .where('kind', '=', nameKinds.pack)
    .where('id', 'in', [...ids])
    .execute();
}
