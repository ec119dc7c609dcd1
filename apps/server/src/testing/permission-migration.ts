// Shared fixture of the permission migration tests (0003-alarms, 0013-notifications): a database as an older
// release left it, migrated to 0002 and seeded with the four original permissions and the three seeded roles.
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { migratorFor } from '../db/migrate.js';
import { initial } from '../db/migrations/0001-initial.js';
import { probes } from '../db/migrations/0002-probes.js';
import type { Database } from '../db/schema.js';

export async function seedBeforePermissionMigrations(db: Kysely<Database>): Promise<void> {
  const older = migratorFor(db, { '0001-initial': initial, '0002-probes': probes });
  expect((await older.migrateToLatest()).error).toBeUndefined();
  const now = new Date().toISOString();
  await db
    .insertInto('permissions')
    .values(['Users', 'Roles', 'Logs', 'Probes'].map((name, i) => ({ id: i + 1, name, description: name })))
    .execute();
  await db
    .insertInto('permission_levels')
    .values(['READ', 'WRITE', 'UPDATE', 'DELETE'].map((name, i) => ({ id: i + 1, name })))
    .execute();
  for (const name of ['Administrator', 'Supervisor', 'Operator'])
    await db
      .insertInto('roles')
      .values({ name, description: name, is_default: name === 'Operator' ? 1 : 0, created_at: now, updated_at: now })
      .execute();
}

/** Which roles hold `permission`, at which level id, by role name. */
export function grantsOf(db: Kysely<Database>, permission: string) {
  return db
    .selectFrom('role_permissions')
    .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['roles.name as role', 'role_permissions.permission_level_id as level', 'permissions.id as id'])
    .where('permissions.name', '=', permission)
    .orderBy('roles.name')
    .execute();
}
