// Frozen: the audit trail (docs/audit.md), and an index for keeping warnings apart from info in the log
// store (docs/security.md). Never edit; add a new migration.
import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementId } from '../dialect.js';

export const audit: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('ts', 'varchar(32)', (c) => c.notNull())
      // No foreign key: an entry outlives the user, session or key it names.
      .addColumn('actor_id', 'integer')
      .addColumn('actor_username', 'varchar(100)')
      .addColumn('via', 'varchar(50)')
      .addColumn('address', 'varchar(100)')
      .addColumn('action', 'varchar(100)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(50)')
      .addColumn('target_id', 'varchar(200)')
      .addColumn('changes', 'text')
      .execute();
    await db.schema.createIndex('audit_log_ts').on('audit_log').column('ts').execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_username', 'id']).execute();
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
    await db.schema.createIndex('logs_level_ts').on('logs').columns(['level', 'ts']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('logs_level_ts').execute();
    await db.schema.dropTable('audit_log').execute();
  },
};
