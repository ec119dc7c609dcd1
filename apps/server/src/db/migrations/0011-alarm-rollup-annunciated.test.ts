// 0011-alarm-rollup-annunciated on a database whose roll-up 0008-alarm-rollup built from alarms annunciated
// and never annunciated (docs/alarms.md "Summary roll-up"): the roll-up is counted again, the annunciated
// alarms as raised (and acknowledged, with their delay), the others as not_annunciated only; undoing it gives
// back 0008's counts. The same for PostgreSQL, by the summary's answers: alarm-rollup.test.ts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { migratorFor } from '../migrate.js';

// Opened but not migrated: the test takes it to 0007, then to 0010, itself.
const storage = tempSqliteDatabase('bpm-migration-', { migrated: false });

const welding = { stage_id: 3, stage_name: 'Busbar welding' };
const sealing = { stage_id: 4, stage_name: 'Pack sealing' };
const noStage = { stage_id: null, stage_name: null };
/** [raised_at, event, event_type, stage, annunciated, ack_delay_ms] */
const fixtures = [
  ['2025-03-30T08:01:00.000Z', 10, 'Warning', welding, 1, 60_000],
  // Acknowledged while suppressed: its delay is not a time to acknowledge an annunciated alarm.
  ['2025-03-30T08:02:00.000Z', 10, 'Warning', welding, 0, 5_000],
  ['2025-03-30T08:05:00.000Z', 10, 'Warning', welding, 1, null],
  // A window of never-annunciated alarms only.
  ['2025-03-30T08:12:00.000Z', 30, 'Warning', welding, 0, null],
  ['2025-03-30T08:13:00.000Z', 30, 'Warning', noStage, 0, null],
  ['2025-03-30T09:40:00.000Z', 11, 'Critical', sealing, 1, 120_000],
] as const;

describe('0011-alarm-rollup-annunciated', () => {
  it('counts the roll-up 0008 built again by annunciation, and gives it back when undone', async () => {
    const { db } = storage;
    const migrator = migratorFor(db);
    expect((await migrator.migrateTo('0007-history-hours')).error).toBeUndefined();
    await db
      .insertInto('alarms')
      .values(
        fixtures.map(([raisedAt, event, eventType, stage, annunciated, ackDelayMs], i) => ({
          id: i + 1,
          probe_id: `M-${i}`,
          event,
          event_type: eventType,
          raised_at: raisedAt,
          raised_message: 'raised',
          last_message: 'last',
          peak: null,
          ...stage,
          suppressed: 1 - annunciated,
          annunciated,
          open: 1,
          cleared_at: null,
          ack_delay_ms: ackDelayMs,
        })),
      )
      .execute();
    const windows = () => db.selectFrom('alarm_windows').selectAll().orderBy('ten_minutes').orderBy('event').execute();
    const partialIndex = () =>
      sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'alarms_raised_annunciated'`
        .execute(db)
        .then((r) => r.rows);
    const stageHours = () => db.selectFrom('alarm_stage_hours').selectAll().orderBy('hour').orderBy('stage_id').execute();
    // 0008 counts every alarm raised.
    const built = await migrator.migrateTo('0010-logs-search-blocks');
    expect(built.error).toBeUndefined();
    expect(built.results?.map((r) => r.migrationName)).toContain('0008-alarm-rollup');
    const by0008 = [
      { ten_minutes: '2025-03-30T08:0', event: 10, event_type: 'Warning', raised: 3, acknowledged: 2, ack_delay_ms_sum: 65_000 },
      { ten_minutes: '2025-03-30T08:1', event: 30, event_type: 'Warning', raised: 2, acknowledged: 0, ack_delay_ms_sum: 0 },
      {
        ten_minutes: '2025-03-30T09:4',
        event: 11,
        event_type: 'Critical',
        raised: 1,
        acknowledged: 1,
        ack_delay_ms_sum: 120_000,
      },
    ];
    const stagesBy0008 = [
      { hour: '2025-03-30T08', ...welding, raised: 4 },
      { hour: '2025-03-30T09', ...sealing, raised: 1 },
    ];
    expect(await windows()).toEqual(by0008);
    expect(await stageHours()).toEqual(stagesBy0008);

    const applied = await migrator.migrateTo('0011-alarm-rollup-annunciated');
    expect(applied.results?.map((r) => r.migrationName)).toEqual(['0011-alarm-rollup-annunciated']);
    expect(await windows()).toEqual([
      { ...by0008[0], raised: 2, acknowledged: 1, ack_delay_ms_sum: 60_000, not_annunciated: 1 },
      // Kept with raised 0: the summary counts its two alarms as not annunciated.
      { ...by0008[1], raised: 0, not_annunciated: 2 },
      { ...by0008[2], not_annunciated: 0 },
    ]);
    expect(await stageHours()).toEqual([
      { hour: '2025-03-30T08', ...welding, raised: 2 },
      { hour: '2025-03-30T09', ...sealing, raised: 1 },
    ]);
    expect(await partialIndex()).toEqual([{ name: 'alarms_raised_annunciated' }]);

    const undone = await migrator.migrateDown();
    expect(undone.results?.map((r) => [r.migrationName, r.status])).toEqual([['0011-alarm-rollup-annunciated', 'Success']]);
    expect(await windows()).toEqual(by0008);
    expect(await stageHours()).toEqual(stagesBy0008);
    expect(await partialIndex()).toEqual([]);
  });
});
