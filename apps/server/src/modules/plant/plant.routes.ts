// /plant/floor-plan (docs/plant.md): the plant's floor plan, read by everyone signed in, changed with Probes UPDATE.
import { floorPlanMaxBytes, floorPlanSchema, floorPlanUpdateSchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { logLine } from '../../log-text.js';
import { callerOf } from '../../plugins/access.js';
import { auditRequest, changesBetween } from '../audit/audit.service.js';
import { deleteFloorPlan, floorPlanSummary, getFloorPlan, getFloorPlanImage, putFloorPlan } from './plant.service.js';

const tags = ['Plant'];
/** Like the probe list: whoever may see the Dashboard may see where the probes are (docs/plant.md (API)). */
const readable = { access: 'signedIn' } as const;
const changeable = { access: { permission: 'Probes', level: 'UPDATE' } } as const;
/**
 * 5 MB of image is 6.7 MB of base64: this route alone takes 8 MiB, so an image a little over 5 MB still gets
 * the 400 that says so (beyond 8 MiB, the 413 of every route).
 */
const floorPlanBodyLimitBytes = Math.max(8 * 1024 * 1024, Math.ceil(floorPlanMaxBytes / 3) * 4 + 64 * 1024);
/**
 * The image on its own (docs/plant.md (SVG safety)): even opened as a page of its own, an SVG runs no script,
 * loads nothing and is never sniffed as something else.
 */
const imageHeaders = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-cache',
};

export async function plantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/plant/floor-plan',
    {
      config: readable,
      schema: { tags, summary: 'The floor plan (404 when none is uploaded)', response: { 200: floorPlanSchema } },
    },
    () => getFloorPlan(db),
  );

  r.get(
    '/plant/floor-plan/image',
    { config: readable, schema: { tags, summary: 'The floor plan image itself, for <img src>' } },
    async (request, reply) => {
      const image = await getFloorPlanImage(db);
      const etag = `"${Date.parse(image.updatedAt).toString(36)}"`;
      reply.headers({ ...imageHeaders, etag });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(image.mediaType).send(image.bytes);
    },
  );

  r.put(
    '/plant/floor-plan',
    {
      bodyLimit: floorPlanBodyLimitBytes,
      config: changeable,
      schema: {
        tags,
        summary: 'Upload the floor plan (PNG or SVG ≤ 5 MB) and its corners',
        body: floorPlanUpdateSchema,
        response: { 200: floorPlanSchema },
      },
    },
    async (request) => {
      const { before, after } = await putFloorPlan(db, request.body, new Date());
      await auditRequest(request, {
        action: 'floorPlan.update',
        target: { type: 'floorPlan', id: 'plant' },
        changes: changesBetween(floorPlanSummary(before), floorPlanSummary(after), ['image', 'topLeft', 'bottomRight']),
      });
      request.log.info(logLine`User ${callerOf(request).username} uploaded the floor plan (${after.mediaType})`);
      return { image: request.body.image, topLeft: after.topLeft, bottomRight: after.bottomRight, updatedAt: after.updatedAt };
    },
  );

  r.delete(
    '/plant/floor-plan',
    // Removing the plan is undone by uploading it again: the level that uploads it may remove it.
    { config: { access: { permission: 'Probes', level: 'UPDATE' } }, schema: { tags, summary: 'Remove the floor plan' } },
    async (request, reply) => {
      const before = await deleteFloorPlan(db);
      await auditRequest(request, {
        action: 'floorPlan.delete',
        target: { type: 'floorPlan', id: 'plant' },
        changes: changesBetween(floorPlanSummary(before), null, ['image', 'topLeft', 'bottomRight']),
      });
      request.log.info(logLine`User ${callerOf(request).username} removed the floor plan`);
      return reply.code(204).send();
    },
  );
}
