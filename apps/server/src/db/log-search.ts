// The dialect seam of the log search (GET /system/logs?q=): which rows hold `q` as a substring of their
// level or message, newest first. SQLite answers from the FTS5 trigram index of migration 0006-logs-search;
// PostgreSQL (and a `q` shorter than a trigram) use the portable substring match of db/dialect.ts, so no
// SQLite-only SQL leaves apps/server/src/db/.
import type { LogEntry } from '@bpm/protocol';
import { sql, type Kysely } from 'kysely';
import { containsIgnoringCase, dialectOf } from './dialect.js';
import type { Database } from './schema.js';

/** Trigrams need 3 characters: a shorter `q` is matched with LIKE (newest first, so a common one stops early). */
const minIndexedLength = 3;

/** `q` as one FTS5 phrase: with the trigram tokenizer a phrase matches wherever it occurs, in any case. */
const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;

export async function searchLogs(db: Kysely<Database>, q: string, limit: number, offset: number): Promise<LogEntry[]> {
  if ([...q].length < minIndexedLength || dialectOf(db) === 'postgres') {
    return db
      .selectFrom('logs')
      .select(['ts', 'level', 'msg'])
      .where((eb) => eb.or([containsIgnoringCase(eb.ref('level'), q), containsIgnoringCase(eb.ref('msg'), q)]))
      .orderBy('ts', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
  // The index walks its matches from the highest rowid down, which is newest first, and stops at the page.
  const { rows } = await sql<LogEntry>`
    select l.ts, l.level, l.msg from logs_fts f join logs l on l.rowid = f.rowid
    where logs_fts match ${ftsPhrase(q)} order by f.rowid desc limit ${limit} offset ${offset}`.execute(db);
  return rows;
}
