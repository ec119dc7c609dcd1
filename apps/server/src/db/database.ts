// Opens the database (docs/storage.md): SQLite (better-sqlite3, WAL, foreign keys) in BPM_DATA_DIR by default,
// PostgreSQL through the same Kysely code when DATABASE_URL is set. What differs in SQL is in db/dialect.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export const databaseFileName = 'bpm.sqlite';

function sqliteDialect(dataDir: string): Dialect {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, databaseFileName));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across process crashes; only an OS crash can lose the last transactions.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: sqlite });
}

const int8Oid = 20;

/** bigint (count(*), sums) arrives as text from pg; a number when it is exact, an error rather than a rounded value. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`PostgreSQL returned ${text}, beyond JavaScript's exact integers`);
  return value;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

function postgresDialect(databaseUrl: string): Dialect {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A per-pool parser, so nothing global in `pg` changes (another library in the process may rely on it).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === int8Oid && format !== 'binary'
          ? parseInt8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new PostgresDialect({ pool });
}

export function openDatabase(dataDir: string, databaseUrl?: string): Kysely<Database> {
  if (databaseUrl !== undefined) {
    if (!isPostgresUrl(databaseUrl))
      throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database)');
    return new Kysely<Database>({ dialect: postgresDialect(databaseUrl) });
  }
  return new Kysely<Database>({ dialect: sqliteDialect(dataDir) });
}
