// Frozen: telemetry history (docs/history.md). Never edit; add a new migration.
// Compact on purpose (≤ 64 bytes per probe-minute, measured in bench/history.bench.ts): integer keys,
// temperatures in hundredths of a degree and battery in tenths of a percent as integers (SQLite stores
// small integers in 1–3 bytes, a REAL in 8), minutes counted from 2020-01-01 (3 bytes until 2035),
// and on SQLite the big tables WITHOUT ROWID, so the primary key is the row's only key.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementId, dialectOf } from '../dialect.js';

/** SQLite only: a table clustered on its primary key; other databases already store one key per row. */
function clustered<T extends string, C extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C> {
  return dialectOf(db) === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
}

export const history: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Probe IDs are up to 64 characters: each row refers to a small integer instead.
    await db.schema
      .createTable('history_probes')
      .addColumn('probe_key', 'integer', autoIncrementId(db))
      .addColumn('probe_id', 'varchar(64)', (c) => c.notNull().unique())
      .execute();

    // One row per probe and UTC minute. Temperatures ×100, battery ×10; *_n: valid readings behind the mean.
    await clustered(
      db,
      db.schema
        .createTable('history_minutes')
        .addColumn('probe_key', 'integer', (c) => c.notNull())
        .addColumn('minute', 'integer', (c) => c.notNull())
        .addColumn('reports', 'integer', (c) => c.notNull())
        .addColumn('in_min', 'integer')
        .addColumn('in_max', 'integer')
        .addColumn('in_mean', 'integer')
        .addColumn('in_n', 'integer', (c) => c.notNull())
        .addColumn('ex_min', 'integer')
        .addColumn('ex_max', 'integer')
        .addColumn('ex_mean', 'integer')
        .addColumn('ex_n', 'integer', (c) => c.notNull())
        .addColumn('battery', 'integer')
        .addPrimaryKeyConstraint('history_minutes_pk', ['probe_key', 'minute']),
    ).execute();

    // A carriage starts at the first minute whose last report names another place (stage, AGV, pack) than
    // the probe's previous minute; it lasts until the probe's next carriage. Minutes hold no place of their own.
    await clustered(
      db,
      db.schema
        .createTable('history_carriages')
        .addColumn('probe_key', 'integer', (c) => c.notNull())
        .addColumn('from_minute', 'integer', (c) => c.notNull())
        .addColumn('pack_id', 'integer')
        .addColumn('stage_id', 'integer')
        .addColumn('agv_id', 'integer')
        .addPrimaryKeyConstraint('history_carriages_pk', ['probe_key', 'from_minute']),
    ).execute();
    await db.schema
      .createIndex('history_carriages_pack')
      .on('history_carriages')
      .columns(['pack_id', 'from_minute'])
      .where(sql.ref('pack_id'), 'is not', null)
      .execute();

    // Names of stages (kind 1), AGVs (2) and packs (3) by id, the latest seen; last_minute drives pack search and pruning.
    await clustered(
      db,
      db.schema
        .createTable('history_names')
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('last_minute', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('history_names_pk', ['kind', 'id']),
    ).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('history_names').execute();
    await db.schema.dropTable('history_carriages').execute();
    await db.schema.dropTable('history_minutes').execute();
    await db.schema.dropTable('history_probes').execute();
  },
};
