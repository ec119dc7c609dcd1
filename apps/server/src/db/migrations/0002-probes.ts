// Frozen: the probe snapshot (restored on start, docs/storage.md (Probe snapshot)) and the system thresholds. Never edit; add a new migration.
// (Made dialect-aware once, for PostgreSQL: what it creates on SQLite is unchanged; see db/dialect.ts.)
import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { floatType } from '../dialect.js';

export const probes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const float = floatType(db);
    await db.schema
      .createTable('probes')
      .addColumn('probe_id', 'varchar(64)', (c) => c.primaryKey())
      // The engine's whole record as JSON: written in batches, read once at start, never queried by field.
      .addColumn('record', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('system_config')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('timeout_seconds', float, (c) => c.notNull())
      .addColumn('battery_level_warning', float, (c) => c.notNull())
      .addColumn('battery_level_panic', float, (c) => c.notNull())
      .addColumn('high_temperature_warning', float, (c) => c.notNull())
      .addColumn('high_temperature_panic', float, (c) => c.notNull())
      .addColumn('low_temperature_warning', float, (c) => c.notNull())
      .addColumn('low_temperature_panic', float, (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('system_config').execute();
    await db.schema.dropTable('probes').execute();
  },
};
