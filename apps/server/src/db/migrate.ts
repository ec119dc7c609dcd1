// Brings the database up to the code's schema at start; refuses a database written by newer code (docs/storage.md).
import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

const migrationTable = 'schema_migrations';
const provider: MigrationProvider = { getMigrations: async () => migrations };

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
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: migrationTable,
    migrationLockTableName: `${migrationTable}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
