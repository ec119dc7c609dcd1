// Opens the database (docs/storage.md): SQLite (better-sqlite3, WAL, foreign keys) in BPM_DATA_DIR by default,
// PostgreSQL through the same Kysely code when DATABASE_URL is set. What differs in SQL is in db/dialect.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { BatchGate } from './checkpoint-gate.js';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js';

export const databaseFileName = 'bpm.sqlite';

/** Each SQLite database's gate between its batch writers and its checkpoint worker (docs/storage.md (Checkpoints)). */
const batchGates = new WeakMap<Kysely<Database>, BatchGate>();

/** What the batch writers of `db` pass to writeInChunks: undefined on PostgreSQL (no checkpoint worker). */
export function batchGateOf(db: Kysely<Database>): BatchGate | undefined {
  return batchGates.get(db);
}

/** Opens the SQLite file `file` with the product's settings (WAL, foreign keys, NORMAL sync, a busy wait). */
export function openSqliteFile(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across process crashes; only an OS crash can lose the last transactions.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

function sqliteDialect(dataDir: string): { dialect: Dialect; gate: BatchGate } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, databaseFileName);
  const sqlite = openSqliteFile(file);
  const checkpointer = startWalCheckpointer(sqlite, file);
  return { dialect: new SqliteDialect({ database: withStatementCache(sqlite, checkpointer) }), gate: checkpointer.gate };
}

/** Short statements kept prepared, up to this many (the few each request runs). */
const cachedStatements = 200;
/** Statements longer than this are multi-row batch writes: kept apart, fewer of them. */
const longStatementMinChars = 2000;
/**
 * The batch writers' multi-row statements (docs/storage.md (Batched writes)): a full chunk always has the same
 * SQL text (250 rows of parameters), so a handful of them is reused for every chunk; a partial last chunk has
 * its own length and is the one evicted (least recently used first).
 */
const cachedLongStatements = 8;

/** A bounded map of prepared statements by SQL text, least recently used evicted first. */
class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();
  constructor(private readonly capacity: number) {}

  prepare(sqlite: SQLite.Database, sql: string): SQLite.Statement {
    const cached = this.statements.get(sql);
    if (cached !== undefined && !cached.busy) {
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = sqlite.prepare(sql);
    if (cached === undefined) {
      if (this.statements.size >= this.capacity) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * Kysely's SQLite driver prepares every query afresh: the few statements each request runs (the API key, its
 * owner and role behind every ingest batch) were re-prepared each time (`prepare` ~2 % of the server's CPU at
 * full ingest, profiled), and every 250-row batch-writer chunk prepared its statement again (265 ms of the
 * 6 s after a threshold change at 100,000 probes, docs/decisions/security.md#batch-writer-statements). A statement
 * is reused by its SQL text unless it is still being iterated.
 */
function withStatementCache(sqlite: SQLite.Database, checkpointer: WalCheckpointer): SqliteDatabase {
  const short = new StatementCache(cachedStatements);
  const long = new StatementCache(cachedLongStatements);
  return {
    close: () => {
      checkpointer.close();
      sqlite.close();
    },
    prepare: (sql: string) => (sql.length >= longStatementMinChars ? long : short).prepare(sqlite, sql),
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
  const { dialect, gate } = sqliteDialect(dataDir);
  const db = new Kysely<Database>({ dialect });
  batchGates.set(db, gate);
  return db;
}
