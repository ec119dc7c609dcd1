// floor_plan table ↔ protocol FloorPlan (docs/plant.md): one row, id 1, or none.
import type { FloorPlanCorner } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StoredFloorPlan {
  mediaType: string;
  imageBase64: string;
  topLeft: FloorPlanCorner;
  bottomRight: FloorPlanCorner;
  updatedAt: string;
}

const planId = 1;

export async function selectFloorPlan(db: Kysely<Database>): Promise<StoredFloorPlan | undefined> {
  const row = await db.selectFrom('floor_plan').selectAll().where('id', '=', planId).executeTakeFirst();
  if (!row) return undefined;
  return {
    mediaType: row.media_type,
    imageBase64: row.image_base64,
    topLeft: { latitude: row.top_left_latitude, longitude: row.top_left_longitude },
    bottomRight: { latitude: row.bottom_right_latitude, longitude: row.bottom_right_longitude },
    updatedAt: row.updated_at,
  };
}

export async function upsertFloorPlan(db: Kysely<Database>, plan: StoredFloorPlan): Promise<void> {
  const values = {
    media_type: plan.mediaType,
    image_base64: plan.imageBase64,
    top_left_latitude: plan.topLeft.latitude,
    top_left_longitude: plan.topLeft.longitude,
    bottom_right_latitude: plan.bottomRight.latitude,
    bottom_right_longitude: plan.bottomRight.longitude,
    updated_at: plan.updatedAt,
  };
  await db
    .insertInto('floor_plan')
    .values({ id: planId, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function deleteFloorPlanRow(db: Kysely<Database>): Promise<boolean> {
  const result = await db.deleteFrom('floor_plan').where('id', '=', planId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Only whether there is one, without reading megabytes of image (the demo plan's install at start). */
export async function hasFloorPlan(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('floor_plan').select('id').where('id', '=', planId).executeTakeFirst()) !== undefined;
}
