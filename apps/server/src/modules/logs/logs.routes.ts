// GET /system/logs (newest first, start|offset, limit, q) and /system/logs.json (all retained) (docs/api.md (Logs)).
import { logEntrySchema, logsQuerySchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';

const tags = ['System logs'];
const config = { access: { permission: 'Logs' } } as const;

export async function logsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/system/logs',
    {
      schema: {
        tags,
        summary: 'A page of log entries, newest first',
        querystring: logsQuerySchema,
        response: { 200: z.array(logEntrySchema) },
      },
      config,
    },
    (request) => {
      const { start, offset, limit, q } = request.query;
      return app.logStore.list({ offset: offset ?? start ?? 0, limit, q: q?.trim() || undefined });
    },
  );

  r.get(
    '/system/logs.json',
    {
      schema: { tags, summary: 'Every retained log entry, newest first', response: { 200: z.array(logEntrySchema) } },
      config,
    },
    () => app.logStore.all(),
  );
}
