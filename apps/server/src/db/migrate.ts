// Brings the database up to the code's schema at start; refuses a database written by newer code (docs/storage.md).
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { dialectOf } from './dialect.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

const migrationTable = 'schema_migrations';
/** The newest migration this version knows: a database that has it applied has this version's schema. */
export const latestMigration = Object.keys(migrations).sort().at(-1) ?? '';

/**
 * A migrator over `db` with the product's bookkeeping tables, over `which` (every migration, or a test's or a
 * bench's older set, to build a database as an older version left it).
 */
export function migratorFor(db: Kysely<Database>, which: Record<string, Migration> = migrations): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => which },
    migrationTableName: migrationTable,
    migrationLockTableName: `${migrationTable}_lock`,
    // Features land in parallel with pre-assigned numbers (0003–0006), so a database may already hold a
    // later one when an earlier one arrives; each migration touches only its own tables, so order among
    // them does not matter (docs/storage.md).
    allowUnorderedMigrations: true,
  });
}

/** Names of migrations already applied (empty on a new database). */
async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === migrationTable)) return [];
  const untyped = db as unknown as Kysely<Record<typeof migrationTable, { name: string }>>;
  const rows = await untyped.selectFrom(migrationTable).select('name').execute();
  return rows.map((r) => r.name);
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Kysely refuses too, but speaks of a "missing" migration; say what it means for whoever runs the server.
  const unknown = (await appliedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new Error(
      `The database was written by a newer version of Battery Probe Monitor (migrations ${unknown.join(', ')} are unknown here); upgrade the server or use another BPM_DATA_DIR.`,
    );
  }
  const migrator = migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** PostgreSQL advisory lock key of start-up (migrations and first-start seeding): "BPM" + 1. */
const startupLockKey = 0x42504d01;

/**
 * Runs `work` (migrations, seeding) while no other instance does the same: on PostgreSQL under a session
 * advisory lock held on one dedicated connection, so the first instance to start upgrades the schema and
 * the others wait and then find it done. SQLite has one process per file, so nothing to wait for.
 */
export async function underStartupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${startupLockKey})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${startupLockKey})`.execute(connection);
    }
  });
}
