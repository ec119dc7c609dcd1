// 0003-alarms on a database seeded before the Alarms permission existed: the permission is added,
// Administrator DELETE and Supervisor UPDATE, Operator nothing (docs/alarms.md).
import { describe, expect, it } from 'vitest';
import { grantsOf, seedBeforePermissionMigrations } from '../../testing/permission-migration.js';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { migrateToLatest } from '../migrate.js';

// Opened but not migrated: the test takes it to 0002 itself.
const storage = tempSqliteDatabase('bpm-migration-', { migrated: false });

describe('0003-alarms', () => {
  it('grants Alarms to the seeded roles of an existing database', async () => {
    const { db } = storage;
    await seedBeforePermissionMigrations(db);

    expect(await migrateToLatest(db)).toContain('0003-alarms');
    expect(await grantsOf(db, 'Alarms')).toEqual([
      { role: 'Administrator', level: 4, id: 5 },
      { role: 'Supervisor', level: 3, id: 5 },
    ]);
  });
});
