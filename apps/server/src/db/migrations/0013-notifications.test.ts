// 0013-notifications on a database seeded before the Notifications permission existed: the permission is
// added, Administrator DELETE and Supervisor READ, Operator nothing (docs/notifications.md).
import { describe, expect, it } from 'vitest';
import { grantsOf, seedBeforePermissionMigrations } from '../../testing/permission-migration.js';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { migrateToLatest } from '../migrate.js';

// Opened but not migrated: the test takes it to 0002 itself.
const storage = tempSqliteDatabase('bpm-migration-', { migrated: false });

describe('0013-notifications', () => {
  it('grants Notifications to the seeded roles of an existing database', async () => {
    const { db } = storage;
    await seedBeforePermissionMigrations(db);

    expect(await migrateToLatest(db)).toContain('0013-notifications');
    expect(await grantsOf(db, 'Notifications')).toEqual([
      { role: 'Administrator', level: 4, id: 6 },
      { role: 'Supervisor', level: 1, id: 6 },
    ]);
  });
});
