// Frozen: roll-ups of the alarms for the summary (docs/alarms.md "Summary roll-up"). Never edit; add a new
// migration. Counts of the alarms raised per 10-minute window, event and type (with the acknowledged ones
// and their summed delay), and per hour and stage, so that the summary reads full hours from a few rows
// instead of every alarm; filled here from the alarms already stored, then kept by the alarms' writes.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect.js';

export const alarmRollup: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const withoutRowid = <T extends { modifyEnd(s: ReturnType<typeof sql>): T }>(table: T) =>
      dialectOf(db) === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
    // ten_minutes: the first 15 characters of raised_at ("2026-11-23T08:4"), the summary's flood window.
    await withoutRowid(
      db.schema
        .createTable('alarm_windows')
        .addColumn('ten_minutes', 'varchar(15)', (c) => c.notNull())
        .addColumn('event', 'integer', (c) => c.notNull())
        .addColumn('event_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('raised', 'integer', (c) => c.notNull())
        .addColumn('acknowledged', 'integer', (c) => c.notNull())
        .addColumn('ack_delay_ms_sum', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarm_windows_pk', ['ten_minutes', 'event', 'event_type']),
    ).execute();
    // hour: the first 13 characters of raised_at; only alarms with a stage.
    await withoutRowid(
      db.schema
        .createTable('alarm_stage_hours')
        .addColumn('hour', 'varchar(13)', (c) => c.notNull())
        .addColumn('stage_id', 'integer', (c) => c.notNull())
        .addColumn('stage_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('raised', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarm_stage_hours_pk', ['hour', 'stage_id', 'stage_name']),
    ).execute();
    await sql`
      insert into alarm_windows (ten_minutes, event, event_type, raised, acknowledged, ack_delay_ms_sum)
      select substr(raised_at, 1, 15), event, event_type, count(*), count(ack_delay_ms), coalesce(sum(ack_delay_ms), 0)
      from alarms group by substr(raised_at, 1, 15), event, event_type`.execute(db);
    await sql`
      insert into alarm_stage_hours (hour, stage_id, stage_name, raised)
      select substr(raised_at, 1, 13), stage_id, coalesce(stage_name, ''), count(*)
      from alarms where stage_id is not null group by substr(raised_at, 1, 13), stage_id, coalesce(stage_name, '')`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('alarm_stage_hours').execute();
    await db.schema.dropTable('alarm_windows').execute();
  },
};
