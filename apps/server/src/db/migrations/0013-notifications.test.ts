// 0013-notifications on a database seeded before the Notifications permission existed: the permission is
// added, Administrator DELETE and Supervisor READ, Operator nothing (docs/notifications.md).
import { describe, expect, it } from 'vitest';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { migrateToLatest, migratorFor } from '../migrate.js';
import { initial } from './0001-initial.js';
import { probes } from './0002-probes.js';

// Opened but not migrated: the test takes it to 0002 itself.
const storage = tempSqliteDatabase('bpm-migration-', { migrated: false });

describe('0013-notifications', () => {
  it('grants Notifications to the seeded roles of an existing database', async () => {
    const { db } = storage;
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

    expect(await migrateToLatest(db)).toContain('0013-notifications');
    const grants = await db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['roles.name as role', 'role_permissions.permission_level_id as level', 'permissions.id as id'])
      .where('permissions.name', '=', 'Notifications')
      .orderBy('roles.name')
      .execute();
    expect(grants).toEqual([
      { role: 'Administrator', level: 4, id: 6 },
      { role: 'Supervisor', level: 1, id: 6 },
    ]);
  });
});
