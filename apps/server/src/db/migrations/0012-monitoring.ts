// Frozen: one row (id 1) holding the last time the engine was known to be monitoring, so the next start can
// tell how long nobody watched the probes (docs/alarms.md "System alarm"). Never edit; add a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const monitoring: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('monitoring')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('monitored_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('monitoring').execute();
  },
};
