// The dialect seam of the log search (GET /system/logs?q=): which rows hold `q` as a substring of their
// level or message, newest first. SQLite answers from the FTS5 trigram index of migration 0006-logs-search;
// PostgreSQL from the pg_trgm GIN indexes of migration 0009-logs-search-postgres on lower(level) and
// lower(msg), which serve the portable substring match of db/dialect.ts as it is, so no dialect-only SQL
// leaves apps/server/src/db/ (docs/decisions/live-format.md "Logs at 1,000,000 entries").
import type { LogEntry } from '@bpm/protocol';
import { sql, type Kysely } from 'kysely';
import { containsIgnoringCase, dialectOf } from './dialect.js';
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

export async function searchLogs(db: Kysely<Database>, q: string, limit: number, offset: number): Promise<LogEntry[]> {
  if (dialectOf(db) === 'postgres' || [...q].length < minIndexedLength) {
    return substringSearch(db, q, limit, offset).execute();
  }
  // The index walks its matches from the highest rowid down, which is newest first, and stops at the page.
  const { rows } = await sql<LogEntry>`
    select l.ts, l.level, l.msg from logs_fts f join logs l on l.rowid = f.rowid
    where logs_fts match ${ftsPhrase(q)} order by f.rowid desc limit ${limit} offset ${offset}`.execute(db);
  return rows;
}
