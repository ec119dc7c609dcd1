// Frozen: hourly roll-ups of the telemetry history (docs/history.md "Hourly roll-up"). Never edit; add a
// new migration. A probe's hour holds its minutes already merged (the same figures a GROUP BY over the
// minutes gives), so that spans over a week read at most 744 rows per probe instead of 44,640 minutes.
// `history_rollup` holds one row: every hour before `until_hour` is rolled up for every probe.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect.js';

export const historyHours: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Hours since 2020-01-01T00:00Z; *_w: the sum of mean × readings (hundredths of a degree);
    // battery_code: last_minute-of-a-battery × 2048 + battery in tenths of a percent (the hour's last battery).
    const hours = db.schema
      .createTable('history_hours')
      .addColumn('probe_key', 'integer', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('last_minute', 'integer', (c) => c.notNull())
      .addColumn('reports', 'integer', (c) => c.notNull())
      .addColumn('in_min', 'integer')
      .addColumn('in_max', 'integer')
      .addColumn('in_w', 'bigint')
      .addColumn('in_n', 'integer', (c) => c.notNull())
      .addColumn('ex_min', 'integer')
      .addColumn('ex_max', 'integer')
      .addColumn('ex_w', 'bigint')
      .addColumn('ex_n', 'integer', (c) => c.notNull())
      .addColumn('battery_code', 'bigint')
      .addPrimaryKeyConstraint('history_hours_pk', ['probe_key', 'hour']);
    // SQLite: clustered on the key, like the minutes (0004-history).
    await (dialectOf(db) === 'sqlite' ? hours.modifyEnd(sql`without rowid`) : hours).execute();
    await db.schema
      .createTable('history_rollup')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('until_hour', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('history_rollup').execute();
    await db.schema.dropTable('history_hours').execute();
  },
};
