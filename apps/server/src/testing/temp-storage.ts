// Temporary storage for server tests, removed by the test harness rather than by each test: a data directory,
// and a SQLite database in one (what the writer and query tests repeated: mkdtemp, open, migrate, then close
// and rm). Vitest-only; createTestApp (test-app.ts) keeps its own directory, which benches use too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, onTestFinished, TestRunner } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

/**
 * A new empty directory under the system's temporary directory, removed when the test that asked for it
 * finishes (passed or failed), or after the file's (or describe block's) tests when asked for outside a test.
 */
export function tempDataDir(prefix = 'bpm-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => removeDir(dir);
  if (TestRunner.getCurrentTest()) onTestFinished(remove);
  else afterAll(remove);
  return dir;
}

const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

export interface TempSqliteDatabase {
  /** The data directory holding the database file. */
  readonly dir: string;
  readonly db: Kysely<Database>;
}

/**
 * A SQLite database in its own temporary directory for the file's (or describe block's) tests: opened, and
 * migrated to the latest schema unless `migrated` is false, before them; closed and removed after them.
 * Called outside a test; `db` is usable inside the tests. SQLite in both test projects (the data directory
 * alone, no DATABASE_URL).
 */
export function tempSqliteDatabase(prefix = 'bpm-test-', { migrated = true } = {}): TempSqliteDatabase {
  if (TestRunner.getCurrentTest()) throw new Error('tempSqliteDatabase() registers beforeAll/afterAll: call it outside a test');
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let db: Kysely<Database> | undefined;
  beforeAll(async () => {
    db = openDatabase(dir);
    if (migrated) await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    removeDir(dir);
  });
  return {
    dir,
    get db() {
      if (!db) throw new Error('the temporary database is used before beforeAll ran');
      return db;
    },
  };
}
