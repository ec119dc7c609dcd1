// Frozen: the alarms summary counts annunciated alarms only (docs/alarms.md "Summary roll-up",
// docs/decisions/alarms.md#annunciated-alarms-only). Never edit; add a new migration.
// The roll-up of 0008-alarm-rollup counted every alarm raised. From here, `raised` (in both tables),
// `acknowledged` and `ack_delay_ms_sum` count the alarms that were annunciated (`alarms.annunciated` = 1),
// and the new `alarm_windows.not_annunciated` counts, per 10-minute window, event and type, the alarms raised
// that never were. Both tables hold nothing but counts of `alarms`, so they are emptied and counted again
// from the alarms already stored (the same whatever ran before). A partial index keeps the summary's scans
// of annunciated alarms on an index alone, as `alarms_raised` (0003-alarms) kept them before.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const alarmRollupAnnunciated: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('alarm_windows')
      .addColumn('not_annunciated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`delete from alarm_windows`.execute(db);
    await sql`delete from alarm_stage_hours`.execute(db);
    await sql`
      insert into alarm_windows (ten_minutes, event, event_type, raised, acknowledged, ack_delay_ms_sum, not_annunciated)
      select substr(raised_at, 1, 15), event, event_type,
        count(case when annunciated = 1 then 1 end),
        count(case when annunciated = 1 then ack_delay_ms end),
        coalesce(sum(case when annunciated = 1 then ack_delay_ms end), 0),
        count(case when annunciated = 1 then null else 1 end)
      from alarms group by substr(raised_at, 1, 15), event, event_type`.execute(db);
    await sql`
      insert into alarm_stage_hours (hour, stage_id, stage_name, raised)
      select substr(raised_at, 1, 13), stage_id, coalesce(stage_name, ''), count(*)
      from alarms where stage_id is not null and annunciated = 1
      group by substr(raised_at, 1, 13), stage_id, coalesce(stage_name, '')`.execute(db);
    // The columns of 0003's alarms_raised, for annunciated alarms only (a partial index, in both databases).
    // The queries say `annunciated = 1` as a literal, so that the planner can prove the index's condition.
    await db.schema
      .createIndex('alarms_raised_annunciated')
      .on('alarms')
      .columns(['raised_at', 'event_type', 'event', 'probe_id', 'stage_id', 'pack_id', 'ack_delay_ms'])
      .where(sql.ref('annunciated'), '=', 1)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('alarms_raised_annunciated').execute();
    // Back to 0008-alarm-rollup's counts: every alarm raised.
    await sql`delete from alarm_windows`.execute(db);
    await sql`delete from alarm_stage_hours`.execute(db);
    await db.schema.alterTable('alarm_windows').dropColumn('not_annunciated').execute();
    await sql`
      insert into alarm_windows (ten_minutes, event, event_type, raised, acknowledged, ack_delay_ms_sum)
      select substr(raised_at, 1, 15), event, event_type, count(*), count(ack_delay_ms), coalesce(sum(ack_delay_ms), 0)
      from alarms group by substr(raised_at, 1, 15), event, event_type`.execute(db);
    await sql`
      insert into alarm_stage_hours (hour, stage_id, stage_name, raised)
      select substr(raised_at, 1, 13), stage_id, coalesce(stage_name, ''), count(*)
      from alarms where stage_id is not null group by substr(raised_at, 1, 13), stage_id, coalesce(stage_name, '')`.execute(db);
  },
};
