// Frozen: notification channels, rules, the outbox with the alarms each message names, the escalation of each
// alarm under each rule (docs/notifications.md), and the Notifications permission for databases seeded before
// it existed. Never edit; add a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementId } from '../dialect.js';

export const notifications: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('notification_channels')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // name lower-cased: the unique key (names are unique ignoring case).
      .addColumn('name_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      // JSON; a webhook's secret is in `secret`, never in the settings.
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('secret', 'varchar(200)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_rules')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('name_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      // JSON of {match, steps, repeatMinutes, notifyCleared, groupSeconds}.
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The outbox (no foreign keys: a message outlives its rule and channel in the log).
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('rule_id', 'integer')
      .addColumn('step', 'integer')
      .addColumn('repeat', 'integer', (c) => c.notNull())
      .addColumn('channel_id', 'integer', (c) => c.notNull())
      .addColumn('alarm_count', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('next_attempt_at', 'varchar(32)')
      .addColumn('sent_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('notifications_due').on('notifications').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('notifications_channel').on('notifications').columns(['channel_id', 'id']).execute();
    await db.schema
      .createTable('notification_alarms')
      .addColumn('notification_id', 'integer', (c) => c.notNull())
      .addColumn('alarm_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_alarms_pk', ['notification_id', 'alarm_id'])
      .execute();
    await db.schema
      .createIndex('notification_alarms_alarm')
      .on('notification_alarms')
      .columns(['alarm_id', 'notification_id'])
      .execute();
    await db.schema
      .createTable('notification_escalations')
      .addColumn('alarm_id', 'integer', (c) => c.notNull())
      .addColumn('rule_id', 'integer', (c) => c.notNull())
      // When its clock started: raisedAt, or when an alarm raised suppressed became current.
      .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
      // 0-based index of the next step; equal to the number of steps once only repeats remain.
      .addColumn('next_step', 'integer', (c) => c.notNull())
      .addColumn('repeats', 'integer', (c) => c.notNull())
      // null: ended (acknowledged or shelved), kept until cleared for the "cleared" message.
      .addColumn('next_at', 'varchar(32)')
      // JSON array of the channel ids notified so far.
      .addColumn('notified', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_escalations_pk', ['alarm_id', 'rule_id'])
      .execute();

    // A database seeded before this permission existed: add it, Administrator DELETE, Supervisor READ (a new
    // database gets the same from the seed, which runs after the migrations).
    const hasPermissions = await sql<{ n: number }>`select count(*) as n from permissions`.execute(db);
    if (Number(hasPermissions.rows[0]?.n ?? 0) === 0) return;
    const existing = await sql<{ id: number }>`select id from permissions where name = 'Notifications'`.execute(db);
    if (existing.rows.length > 0) return;
    const maxId = await sql<{ id: number }>`select max(id) as id from permissions`.execute(db);
    const id = Math.max(6, Number(maxId.rows[0]?.id ?? 0) + 1);
    await sql`insert into permissions (id, name, description) values (${id}, 'Notifications', 'Notification channels, rules and the delivery log (docs/notifications.md)')`.execute(
      db,
    );
    for (const [role, level] of [
      ['Administrator', 4],
      ['Supervisor', 1],
    ] as const) {
      await sql`insert into role_permissions (role_id, permission_id, permission_level_id)
                select id, ${id}, ${level} from roles where name = ${role}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from role_permissions where permission_id in (select id from permissions where name = 'Notifications')`.execute(
      db,
    );
    await sql`delete from permissions where name = 'Notifications'`.execute(db);
    for (const table of [
      'notification_escalations',
      'notification_alarms',
      'notifications',
      'notification_rules',
      'notification_channels',
    ])
      await db.schema.dropTable(table).execute();
  },
};
