// HTTP surface of history and packs (docs/history.md): protocol schema, any signed-in user, one service call.
import {
  historyRangeQuerySchema,
  packHistorySchema,
  packHistoryQuerySchema,
  packIdParamsSchema,
  packSearchQuerySchema,
  packSummarySchema,
  probeHistorySchema,
  probeIdParamsSchema,
} from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { Readable } from 'node:stream';
import { nextTurn } from '../../event-loop-turns.js';
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
      // Streamed in pieces, each in its own turn: 50 exports at once must not hold other clients (docs/history.md).
      return reply
        .type(csvType)
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName('history', history.probeID, history.from.slice(0, 16))}"`,
        )
        .send(Readable.from(probeHistoryCsv(history)));
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
      schema: { tags: ['History'], params: packIdParamsSchema, querystring: packHistoryQuerySchema, response: { 200: packHistorySchema } },
    },
    async (request) => service.packHistory(request.params.packId, request.query),
  );

  routes.get(
    '/packs/:packId/history.csv',
    { config: { access: 'signedIn' }, schema: { tags: ['History'], params: packIdParamsSchema } },
    async (request, reply) => {
      const packId = request.params.packId;
      // Every carriage, a page at a time, each page in its own turns (docs/history.md): an unknown pack is a 404 first.
      const first = await service.packHistory(packId);
      async function* pages(): AsyncGenerator<string> {
        let page = first;
        yield packHistoryCsv(page);
        while (page.nextCursor !== undefined) {
          await nextTurn();
          page = await service.packHistory(packId, { cursor: page.nextCursor });
          yield packHistoryCsv(page, false);
        }
      }
      return reply
        .type(csvType)
        .header('content-disposition', `attachment; filename="${csvFileName('pack', String(first.batteryPack.id))}"`)
        .send(Readable.from(pages()));
    },
  );
}
