// Opens the database: the dialect seam. SQLite (better-sqlite3, WAL, foreign keys) in BPM_DATA_DIR today;
// PostgreSQL through the same Kysely code when DATABASE_URL support lands (docs/storage.md).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Dialect } from 'kysely';
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

export function openDatabase(dataDir: string, databaseUrl?: string): Kysely<Database> {
  if (databaseUrl) {
    throw new Error('DATABASE_URL (PostgreSQL) is not supported yet; unset it to use the embedded SQLite database');
  }
  return new Kysely<Database>({ dialect: sqliteDialect(dataDir) });
}
