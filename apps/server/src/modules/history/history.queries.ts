// Kysely access to the history tables (migration 0004-history); rows never leave this file untyped.
import { sql, type Kysely, type Transaction } from 'kysely';
import { containsIgnoringCase } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
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

/** Each probe's latest carriage: where it was when the server last wrote its history. */
export async function loadLatestCarriages(db: Db): Promise<CarriageRow[]> {
  return db
    .selectFrom('history_carriages as c')
    .selectAll()
    .where('c.from_minute', '=', (eb) =>
      eb
        .selectFrom('history_carriages as l')
        .select((l) => l.fn.max('l.from_minute').as('m'))
        .whereRef('l.probe_key', '=', 'c.probe_key'),
    )
    .execute();
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
  await db
    .insertInto('history_minutes')
    .values([...rows])
    .onConflict((oc) => oc.columns(['probe_key', 'minute']).doNothing())
    .execute();
}

export async function insertCarriages(db: Db, rows: readonly CarriageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('history_carriages')
    .values([...rows])
    .onConflict((oc) => oc.columns(['probe_key', 'from_minute']).doNothing())
    .execute();
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
  // Sums of products are cast back to bigint: PostgreSQL's sum(bigint) is a numeric, which arrives as text.
  const bucket = size === undefined ? sql<number>`0` : sql<number>`minute / ${sql.lit(size)}`;
  let query = db
    .selectFrom('history_minutes')
    .select([
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
    ])
    .where('probe_key', '=', probeKey)
    .where('minute', '>=', fromMinute)
    .where('minute', '<', toMinute);
  if (size !== undefined) query = query.groupBy(bucket).orderBy(bucket);
  const rows = await query.execute();
  // Without GROUP BY an empty range still answers one row of nulls.
  return rows.filter((r) => r.last_minute !== null);
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

export async function selectPackCarriages(db: Db, packId: number): Promise<CarriageRow[]> {
  return db.selectFrom('history_carriages').selectAll().where('pack_id', '=', packId).orderBy('from_minute').execute();
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

export async function oldestMinute(db: Db, probeKey: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('history_minutes')
    .select('minute')
    .where('probe_key', '=', probeKey)
    .orderBy('minute')
    .limit(1)
    .executeTakeFirst();
  return row?.minute;
}

export async function deleteMinutes(db: Db, probeKey: number, fromMinute: number, toMinute: number): Promise<void> {
  await db
    .deleteFrom('history_minutes')
    .where('probe_key', '=', probeKey)
    .where('minute', '>=', fromMinute)
    .where('minute', '<', toMinute)
    .execute();
}

/** Deletes the probe's carriages that ended before `cutoff` (the one in force at the cutoff stays). */
export async function deleteCarriagesBefore(db: Db, probeKey: number, cutoff: number): Promise<void> {
  const covering = await db
    .selectFrom('history_carriages')
    .select((eb) => eb.fn.max('from_minute').as('m'))
    .where('probe_key', '=', probeKey)
    .where('from_minute', '<=', cutoff)
    .executeTakeFirst();
  if (covering?.m === null || covering?.m === undefined) return;
  await db.deleteFrom('history_carriages').where('probe_key', '=', probeKey).where('from_minute', '<', covering.m).execute();
}

/** Deletes up to `limit` packs last seen before `cutoff`; answers how many went. */
export async function deleteOldPacks(db: Db, cutoff: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('history_names')
    .where('kind', '=', nameKinds.pack)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('history_names')
        .select('id')
        .where('kind', '=', nameKinds.pack)
        .where('last_minute', '<', cutoff)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
