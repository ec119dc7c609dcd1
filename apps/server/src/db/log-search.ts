// The dialect seam of the log search (GET /system/logs?q=): which rows hold `q` as a substring of their
// level or message, newest first. SQLite answers from the FTS5 trigram index of migration 0006-logs-search;
// PostgreSQL first from the block summaries of migration 0010-logs-search-blocks (the blocks that can hold
// `q`, walked newest first), else from the pg_trgm GIN indexes of migration 0009-logs-search-postgres on
// lower(level) and lower(msg), which serve the portable substring match of db/dialect.ts as it is, so no
// dialect-only SQL leaves apps/server/src/db/ (docs/decisions/live-format.md#dialect-sql-stays-in-db).
import type { LogEntry } from '@bpm/protocol';
import { sql, type Kysely } from 'kysely';
import { containsIgnoringCase, containsPattern, dialectOf } from './dialect.js';
import type { Database } from './schema.js';

/** Trigrams need 3 characters: a shorter `q` is matched with LIKE (newest first, so a common one stops early). */
const minIndexedLength = 3;

/** `q` as one FTS5 phrase: with the trigram tokenizer a phrase matches wherever it occurs, in any case. */
const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;

/**
 * `lower(level) like '%q%' or lower(msg) like '%q%'` (wildcards in `q` escaped), newest first. On PostgreSQL
 * the planner answers it from the two trigram indexes (a BitmapOr, then the page sorted by ts) when it
 * expects few matches, and by walking the ts index newest first, stopping at the page, when it expects many.
 */
export function substringSearch(db: Kysely<Database>, q: string, limit: number, offset: number) {
  return db
    .selectFrom('logs')
    .select(['ts', 'level', 'msg'])
    .where((eb) => eb.or([containsIgnoringCase(eb.ref('level'), q), containsIgnoringCase(eb.ref('msg'), q)]))
    .orderBy('ts', 'desc')
    .limit(limit)
    .offset(offset);
}

/**
 * Candidate blocks of 1,024 entries walked before the planner's query takes over (a rare `q` whose trigrams
 * are in every block pays this walk first): two, and one more per 1,024 entries the page needs (a deep page
 * of a dense `q`).
 */
export const blocksWalked = (wanted: number) => 2 + Math.ceil(wanted / 1024);

/** Whether migration 0010-logs-search-blocks created the summaries (not without pg_trgm), once per database. */
const blocksPresent = new WeakMap<Kysely<Database>, Promise<boolean>>();

function hasBlocks(db: Kysely<Database>): Promise<boolean> {
  let present = blocksPresent.get(db);
  if (!present) {
    present = sql<{ present: boolean }>`select to_regclass('logs_blocks') is not null as present`
      .execute(db)
      .then(({ rows }) => rows[0]?.present === true);
    present.catch(() => blocksPresent.delete(db)); // asked again after a failed connection
    blocksPresent.set(db, present);
  }
  return present;
}

/**
 * PostgreSQL: the entries newer than every summary (fewer than 1,024: the inserting statement summarises)
 * and the newest `blocksWalked(offset + limit)` blocks whose trigrams hold every 3-character window of the
 * folded `q`, each read newest first through `ts` and checked by the exact LIKE, in one statement (one
 * snapshot). Every row carries the number of candidate blocks (up to one more than walked); one row of
 * nulls when no entry matched.
 */
export function blockSearch(q: string, limit: number, offset: number) {
  const pattern = containsPattern(q);
  const wanted = offset + limit;
  const walked = blocksWalked(wanted);
  return sql<{ candidates: number; ts: string | null; level: string | null; msg: string | null }>`
    with folded as (select logs_search_fold(${q.toLowerCase()}) as f),
    keys as (select array(select substr(f, i, 3) from folded, generate_series(1, length(f) - 2) i) as k),
    candidates as materialized (select after_ts, last_ts from logs_blocks_holding((select k from keys), ${walked + 1})),
    ranges as (
      select coalesce((select max(last_ts) from logs_blocks), '') as after_ts, (select max(ts) from logs) as last_ts
      union all
      (select after_ts, last_ts from candidates order by last_ts desc limit ${walked}))
    select (select count(*) from candidates)::int as candidates, l.ts, l.level, l.msg
    from (select 1) one left join lateral (
      select e.ts, e.level, e.msg from ranges r cross join lateral (
        select ts, level, msg from logs
        where ts > r.after_ts and ts <= r.last_ts
          and (lower(level) like ${pattern} escape '\\' or lower(msg) like ${pattern} escape '\\')
        order by ts desc limit ${wanted}) e
      order by e.ts desc limit ${wanted}) l on true`;
}

/** The page from the block summaries; undefined when more candidate blocks remain and the page is not full. */
async function searchBlocks(db: Kysely<Database>, q: string, limit: number, offset: number): Promise<LogEntry[] | undefined> {
  const { rows } = await blockSearch(q, limit, offset).execute(db);
  const found = rows.filter((r): r is LogEntry & { candidates: number } => r.ts !== null);
  if (found.length < offset + limit && (rows[0]?.candidates ?? 0) > blocksWalked(offset + limit)) return undefined;
  return found.slice(offset).map(({ ts, level, msg }) => ({ ts, level, msg }));
}

/** Whether the PostgreSQL search of `q` may use the block summaries (three characters and the migration's table). */
export async function usesBlocks(db: Kysely<Database>, q: string): Promise<boolean> {
  return [...q].length >= minIndexedLength && (await hasBlocks(db));
}

/**
 * PostgreSQL, after a block walk that did not fill the page: `q` is rarer than the newest candidate blocks could
 * show, so the trigram indexes answer it (a BitmapOr, then the page sorted). Left to itself the planner, which
 * has no statistics for a substring and guesses 1 row in 200, walked the ts index instead whenever its sample
 * said the same: 250,000 entries read for `P-0042` (1 in 5,000), 180–300 ms
 * (docs/decisions/live-format.md#block-summaries-on-postgresql).
 */
function rareSubstringSearch(db: Kysely<Database>, q: string, limit: number, offset: number): Promise<LogEntry[]> {
  return withTrigramPlan(db, (trx) => substringSearch(trx, q, limit, offset).execute());
}

/** Runs `work` in a transaction whose statements may not walk an index (a bitmap over the trigram indexes may). */
export function withTrigramPlan<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_indexscan = off`.execute(trx);
    return work(trx);
  });
}

export async function searchLogs(db: Kysely<Database>, q: string, limit: number, offset: number): Promise<LogEntry[]> {
  if (dialectOf(db) === 'postgres') {
    if (!(await usesBlocks(db, q))) return substringSearch(db, q, limit, offset).execute();
    return (await searchBlocks(db, q, limit, offset)) ?? rareSubstringSearch(db, q, limit, offset);
  }
  if ([...q].length < minIndexedLength) return substringSearch(db, q, limit, offset).execute();
  // The index walks its matches from the highest rowid down, which is newest first, and stops at the page.
  const { rows } = await sql<LogEntry>`
    select l.ts, l.level, l.msg from logs_fts f join logs l on l.rowid = f.rowid
    where logs_fts match ${ftsPhrase(q)} order by f.rowid desc limit ${limit} offset ${offset}`.execute(db);
  return rows;
}
