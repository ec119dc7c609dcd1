// GET /audit (Logs READ): the audit trail, newest first, with filters (docs/audit.md). Append-only: no route
// changes or deletes an entry.
import { auditEntrySchema, auditQuerySchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { listAuditRows } from './audit.queries.js';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit',
    {
      schema: {
        tags: ['Audit'],
        summary: 'Audit entries, newest first (filters: actor, action or "prefix.", target "type[:id]", from, to, before)',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
      config: { access: { permission: 'Logs', level: 'READ' } },
    },
    (request) => listAuditRows(app.db, request.query),
  );
}
