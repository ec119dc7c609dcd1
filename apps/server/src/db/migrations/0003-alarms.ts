// Frozen: the event journal and alarms (docs/alarms.md), and the Alarms permission for databases
// seeded before it existed. Never edit; add a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { floatType, rowId } from '../dialect.js';

const assignmentColumns = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
  table
    .addColumn('stage_id', 'integer')
    .addColumn('stage_name', 'varchar(200)')
    .addColumn('agv_id', 'integer')
    .addColumn('agv_name', 'varchar(200)')
    .addColumn('pack_id', 'integer')
    .addColumn('pack_name', 'varchar(200)');

export const alarms: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await assignmentColumns(
      db.schema
        .createTable('journal')
        .addColumn('id', 'integer', rowId(db))
        .addColumn('ts', 'varchar(32)', (c) => c.notNull())
        .addColumn('probe_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('event', 'integer', (c) => c.notNull())
        .addColumn('event_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('event_string', 'text', (c) => c.notNull())
        .addColumn('suppressed', 'integer', (c) => c.notNull())
        .addColumn('alarm_id', 'integer'),
    ).execute();
    // Pages are newest first by id within a filter; range filters and retention go by ts.
    await db.schema.createIndex('journal_ts').on('journal').column('ts').execute();
    await db.schema.createIndex('journal_probe').on('journal').columns(['probe_id', 'id']).execute();
    await db.schema.createIndex('journal_pack').on('journal').columns(['pack_id', 'id']).execute();
    await db.schema.createIndex('journal_alarm').on('journal').column('alarm_id').execute();

    await assignmentColumns(
      db.schema
        .createTable('alarms')
        // Assigned by the server (ids are known before the batch that writes them).
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('probe_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('event', 'integer', (c) => c.notNull())
        .addColumn('event_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('raised_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('raised_message', 'text', (c) => c.notNull())
        .addColumn('last_message', 'text', (c) => c.notNull())
        .addColumn('peak', floatType(db))
        .addColumn('suppressed', 'integer', (c) => c.notNull())
        // Has the alarm ever been current (annunciated)? Only those need acknowledgement.
        .addColumn('annunciated', 'integer', (c) => c.notNull())
        // 1 while active or returned (cleared, never acknowledged): the open list's index.
        .addColumn('open', 'integer', (c) => c.notNull())
        .addColumn('cleared_at', 'varchar(32)')
        .addColumn('acknowledged_at', 'varchar(32)')
        .addColumn('acknowledged_by_id', 'integer')
        .addColumn('acknowledged_by_name', 'varchar(64)')
        .addColumn('ack_comment', 'text')
        // Milliseconds from raise to acknowledgement: the summary's mean and p90 without date functions.
        .addColumn('ack_delay_ms', 'integer')
        .addColumn('shelved_until', 'varchar(32)')
        .addColumn('shelved_by_id', 'integer')
        .addColumn('shelved_by_name', 'varchar(64)')
        .addColumn('shelve_reason', 'varchar(200)'),
    ).execute();
    // The summary reads a raised_at range; this index covers its group-bys (no table lookups).
    await db.schema
      .createIndex('alarms_raised')
      .on('alarms')
      .columns(['raised_at', 'event_type', 'event', 'probe_id', 'stage_id', 'pack_id', 'ack_delay_ms'])
      .execute();
    // Filtered pages: newest first (id descending) within one probe, pack, stage, or the open set.
    await db.schema.createIndex('alarms_probe').on('alarms').columns(['probe_id', 'id']).execute();
    await db.schema.createIndex('alarms_pack').on('alarms').columns(['pack_id', 'id']).execute();
    await db.schema.createIndex('alarms_stage').on('alarms').columns(['stage_id', 'id']).execute();
    await db.schema.createIndex('alarms_open').on('alarms').columns(['open', 'id']).execute();
    await db.schema.createIndex('alarms_cleared').on('alarms').column('cleared_at').execute();

    // A database seeded before this permission existed: add it, Administrator DELETE, Supervisor UPDATE
    // (a new database gets the same from the seed, which runs after the migrations).
    const hasPermissions = await sql<{ n: number }>`select count(*) as n from permissions`.execute(db);
    if (Number(hasPermissions.rows[0]?.n ?? 0) === 0) return;
    const existing = await sql<{ id: number }>`select id from permissions where name = 'Alarms'`.execute(db);
    if (existing.rows.length > 0) return;
    const maxId = await sql<{ id: number }>`select max(id) as id from permissions`.execute(db);
    const id = Math.max(5, Number(maxId.rows[0]?.id ?? 0) + 1);
    await sql`insert into permissions (id, name, description) values (${id}, 'Alarms', 'Acknowledge alarms (WRITE) and shelve them (UPDATE)')`.execute(
      db,
    );
    for (const [role, level] of [
      ['Administrator', 4],
      ['Supervisor', 3],
    ] as const) {
      await sql`insert into role_permissions (role_id, permission_id, permission_level_id)
                select id, ${id}, ${level} from roles where name = ${role}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from role_permissions where permission_id in (select id from permissions where name = 'Alarms')`.execute(db);
    await sql`delete from permissions where name = 'Alarms'`.execute(db);
    await db.schema.dropTable('alarms').execute();
    await db.schema.dropTable('journal').execute();
  },
};
