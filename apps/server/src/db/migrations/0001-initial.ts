// Frozen: accounts, roles and permissions, sessions, API keys and the log store. Never edit; add a new migration.
// (Made dialect-aware once, for PostgreSQL: what it creates on SQLite is unchanged; see db/dialect.ts.)
import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementId } from '../dialect.js';

export const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const id = autoIncrementId(db);
    await db.schema
      .createTable('permissions')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('permission_levels')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(16)', (c) => c.notNull().unique())
      .execute();

    await db.schema
      .createTable('roles')
      .addColumn('id', 'integer', id)
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('role_permissions')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
      .addColumn('permission_level_id', 'integer', (c) => c.notNull().references('permission_levels.id'))
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', id)
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('username_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'integer', id)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('persistent', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'integer', id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expiration_date', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();

    await db.schema
      .createTable('logs')
      .addColumn('ts', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('level', 'varchar(8)', (c) => c.notNull())
      .addColumn('msg', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      'logs',
      'api_keys',
      'sessions',
      'users',
      'role_permissions',
      'roles',
      'permission_levels',
      'permissions',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
