// Frozen: the plant's floor plan (docs/plant.md), one row (id 1) or none: the image as base64 text with its
// media type (text, not a blob, so the one column type is the same on SQLite and PostgreSQL), and the
// latitude/longitude of its top-left and bottom-right corners. In the database, so every instance of a
// cluster serves the same plan and a backup holds it. Never edit; add a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { floatType } from '../dialect.js';

export const floorPlan: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const float = floatType(db);
    await db.schema
      .createTable('floor_plan')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('media_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('image_base64', 'text', (c) => c.notNull())
      .addColumn('top_left_latitude', float, (c) => c.notNull())
      .addColumn('top_left_longitude', float, (c) => c.notNull())
      .addColumn('bottom_right_latitude', float, (c) => c.notNull())
      .addColumn('bottom_right_longitude', float, (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('floor_plan').execute();
  },
};
