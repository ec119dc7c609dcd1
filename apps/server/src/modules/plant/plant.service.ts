// The floor plan's use cases (docs/plant.md): read, replace after the content checks, delete.
import { createHash } from 'node:crypto';
import { parseFloorPlanDataUrl, type FloorPlan, type FloorPlanUpdate } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { pngProblem, svgProblem } from './image-check.js';
import { deleteFloorPlanRow, hasFloorPlan, selectFloorPlan, upsertFloorPlan, type StoredFloorPlan } from './plant.queries.js';

export const noFloorPlanMessage = 'No floor plan has been uploaded';

const dataUrlOf = (plan: StoredFloorPlan) => `data:${plan.mediaType};base64,${plan.imageBase64}`;

/** What the audit trail records of a plan: never the image, but enough to tell two images apart. */
export function floorPlanSummary(plan: StoredFloorPlan | undefined): Record<string, unknown> | null {
  if (!plan) return null;
  const bytes = Buffer.from(plan.imageBase64, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return {
    image: `${plan.mediaType}, ${bytes.length} bytes, SHA-256 ${digest}…`,
    topLeft: plan.topLeft,
    bottomRight: plan.bottomRight,
  };
}

export async function getFloorPlan(db: Kysely<Database>): Promise<FloorPlan> {
  const plan = await selectFloorPlan(db);
  if (!plan) throw new NotFoundError(noFloorPlanMessage);
  return { image: dataUrlOf(plan), topLeft: plan.topLeft, bottomRight: plan.bottomRight, updatedAt: plan.updatedAt };
}

/** The image as bytes, for GET /plant/floor-plan/image. */
export async function getFloorPlanImage(db: Kysely<Database>): Promise<{ mediaType: string; bytes: Buffer; updatedAt: string }> {
  const plan = await selectFloorPlan(db);
  if (!plan) throw new NotFoundError(noFloorPlanMessage);
  return { mediaType: plan.mediaType, bytes: Buffer.from(plan.imageBase64, 'base64'), updatedAt: plan.updatedAt };
}

/** Checks what the schema could not see (the bytes themselves); a 400 naming the problem. */
export function checkFloorPlanImage(image: string): StoredFloorPlan['mediaType'] {
  const parsed = parseFloorPlanDataUrl(image);
  if (!parsed) throw new BadRequestError('Image must be a data URL of a PNG or SVG');
  const bytes = Buffer.from(parsed.base64, 'base64');
  const problem = parsed.mediaType === 'image/png' ? pngProblem(bytes) : svgProblem(bytes);
  if (problem) throw new BadRequestError(problem, [{ path: 'image', message: problem }]);
  return parsed.mediaType;
}

/** Replaces the plan; answers the one before (for the audit trail) and the one stored. */
export async function putFloorPlan(
  db: Kysely<Database>,
  update: FloorPlanUpdate,
  now: Date,
): Promise<{ before: StoredFloorPlan | undefined; after: StoredFloorPlan }> {
  const mediaType = checkFloorPlanImage(update.image);
  const after: StoredFloorPlan = {
    mediaType,
    imageBase64: update.image.slice(update.image.indexOf(',') + 1),
    topLeft: update.topLeft,
    bottomRight: update.bottomRight,
    updatedAt: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    const before = await selectFloorPlan(trx);
    await upsertFloorPlan(trx, after);
    return { before, after };
  });
}

export async function deleteFloorPlan(db: Kysely<Database>): Promise<StoredFloorPlan> {
  return db.transaction().execute(async (trx) => {
    const before = await selectFloorPlan(trx);
    if (!before || !(await deleteFloorPlanRow(trx))) throw new NotFoundError(noFloorPlanMessage);
    return before;
  });
}

export { hasFloorPlan };
