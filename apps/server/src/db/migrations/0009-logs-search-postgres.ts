// Frozen: the PostgreSQL side of the log search index (docs/decisions/live-format.md#trigram-indexes-on-postgresql). Never edit;
// add a new migration. SQLite has its FTS5 table from 0006-logs-search. PostgreSQL: the pg_trgm extension (trusted since
// PostgreSQL 13: the database owner may create it) and a GIN trigram index on lower(msg) and on lower(level), the two expressions
// of db/log-search.ts, so that `lower(msg) like '%q%' or lower(level) like '%q%'` is a BitmapOr of the two indexes. When the
// extension cannot be created (a role without the right, docs/storage.md "Log search"), the migration still succeeds without the
// indexes: the search gives the same answers from a scan, only slower.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect.js';

const savepoint = sql.raw('bpm_logs_search_postgres');

export const logsSearchPostgres: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'postgres') return;
    // Migrations run in one transaction: a savepoint lets a refused extension leave the rest of it intact.
    await sql`savepoint ${savepoint}`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index logs_msg_trgm on logs using gin (lower(msg) gin_trgm_ops)`.execute(db);
      await sql`create index logs_level_trgm on logs using gin (lower(level) gin_trgm_ops)`.execute(db);
      await sql`release savepoint ${savepoint}`.execute(db);
    } catch (error) {
      await sql`rollback to savepoint ${savepoint}`.execute(db);
      process.stderr.write(
        `[bpm] no trigram index for the log search (${error instanceof Error ? error.message : String(error)}): ` +
          'searching the logs scans them; see docs/storage.md "Log search"\n',
      );
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'postgres') return;
    // The extension stays: other objects of the database may use it by now.
    await sql`drop index if exists logs_level_trgm`.execute(db);
    await sql`drop index if exists logs_msg_trgm`.execute(db);
  },
};
