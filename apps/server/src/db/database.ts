// Opens the database (docs/storage.md): SQLite (better-sqlite3, WAL, foreign keys) in BPM_DATA_DIR by default,
// PostgreSQL through the same Kysely code when DATABASE_URL is set. What differs in SQL is in db/dialect.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase } from 'kysely';
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
  return new SqliteDialect({ database: withStatementCache(sqlite) });
}

/** Short statements kept prepared; long ones (multi-row batch inserts, each of its own length) are not worth keeping. */
const cachedStatementMaxChars = 2000;
const cachedStatements = 200;

/**
 * Kysely's SQLite driver prepares every query afresh: the few statements each request runs (the API key, its
 * owner and role behind every ingest batch) were re-prepared each time (`prepare` ~2 % of the server's CPU at
 * full ingest, profiled). A statement is reused by its SQL text unless it is still being iterated.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      if (sql.length > cachedStatementMaxChars) return sqlite.prepare(sql);
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (cached === undefined) {
        if (statements.size >= cachedStatements) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
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
