// Frozen: the probe snapshot (restored on start, docs/storage.md (Probe snapshot)) and the system thresholds. Never edit; add a new migration.
import { type Kysely, type Migration } from 'kysely';

export const probes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
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
      .addColumn('timeout_seconds', 'real', (c) => c.notNull())
      .addColumn('battery_level_warning', 'real', (c) => c.notNull())
      .addColumn('battery_level_panic', 'real', (c) => c.notNull())
      .addColumn('high_temperature_warning', 'real', (c) => c.notNull())
      .addColumn('high_temperature_panic', 'real', (c) => c.notNull())
      .addColumn('low_temperature_warning', 'real', (c) => c.notNull())
      .addColumn('low_temperature_panic', 'real', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('system_config').execute();
    await db.schema.dropTable('probes').execute();
  },
};
