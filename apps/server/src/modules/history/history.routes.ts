// HTTP surface of history and packs (docs/history.md): protocol schema, any signed-in user, one service call.
import {
  historyRangeQuerySchema,
  packHistorySchema,
  packIdParamsSchema,
  packSearchQuerySchema,
  packSummarySchema,
  probeHistorySchema,
  probeIdParamsSchema,
} from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { csvFileName, packHistoryCsv, probeHistoryCsv } from './history-csv.js';
import type { HistoryService } from './history.service.js';

const csvType = 'text/csv; charset=utf-8';

export async function historyRoutes(app: FastifyInstance, options: { service: HistoryService }): Promise<void> {
  const service = options.service;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/probes/:id/history',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['History'],
        params: probeIdParamsSchema,
        querystring: historyRangeQuerySchema,
        response: { 200: probeHistorySchema },
      },
    },
    async (request) => service.probeHistory(request.params.id, request.query),
  );

  routes.get(
    '/probes/:id/history.csv',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['History'], params: probeIdParamsSchema, querystring: historyRangeQuerySchema },
    },
    async (request, reply) => {
      const history = await service.probeHistory(request.params.id, request.query);
      return reply
        .type(csvType)
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName('history', history.probeID, history.from.slice(0, 16))}"`,
        )
        .send(probeHistoryCsv(history));
    },
  );

  routes.get(
    '/packs',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['History'], querystring: packSearchQuerySchema, response: { 200: z.array(packSummarySchema) } },
    },
    async (request) => service.searchPacks(request.query.q),
  );

  routes.get(
    '/packs/:packId/history',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['History'], params: packIdParamsSchema, response: { 200: packHistorySchema } },
    },
    async (request) => service.packHistory(request.params.packId),
  );

  routes.get(
    '/packs/:packId/history.csv',
    { config: { access: 'signedIn' }, schema: { tags: ['History'], params: packIdParamsSchema } },
    async (request, reply) => {
      const history = await service.packHistory(request.params.packId);
      return reply
        .type(csvType)
        .header('content-disposition', `attachment; filename="${csvFileName('pack', String(history.batteryPack.id))}"`)
        .send(packHistoryCsv(history));
    },
  );
}
