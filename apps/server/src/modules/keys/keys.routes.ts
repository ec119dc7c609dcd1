// /keys: the caller's own API keys (spec §7 API keys), and /keys/check for testing a key.
import { apiKeySchema, createApiKeySchema, createdApiKeySchema, idParamSchema, keyCheckSchema } from '@bpm/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors.js';
import { requireAuth, type Principal } from '../../plugins/auth.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { auditRequest } from '../audit/audit.service.js';
import { logLine } from '../logs/log-text.js';
import { listUserKeys } from './keys.queries.js';
import { checkApiKey, createCallerApiKey, deleteApiKey } from './keys.service.js';

const tags = ['API keys'];

function caller(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}

const callerId = (request: FastifyRequest): number => caller(request).userId;

export async function keysRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/keys',
    { schema: { tags, summary: 'Your API keys', response: { 200: z.array(apiKeySchema) } }, preHandler: requireAuth() },
    (request) => listUserKeys(db, callerId(request)),
  );

  r.post(
    '/keys',
    {
      schema: {
        tags,
        summary: 'Create an API key (the token is shown only in this answer)',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
      preHandler: requireAuth(),
    },
    async (request, reply) => {
      const key = await createCallerApiKey(db, caller(request), request.body, app.config.keyMaxDays);
      await auditRequest(request, {
        action: 'key.create',
        target: { type: 'key', id: key.id },
        changes: { name: { before: null, after: key.name }, expirationDate: { before: null, after: key.expirationDate } },
      });
      request.log.info(logLine`User ${request.principal?.username} created API key #${key.id} "${key.name}"`);
      return reply.code(201).send(key);
    },
  );

  r.delete(
    '/keys/:id',
    { schema: { tags, summary: 'Delete one of your API keys', params: idParamSchema }, preHandler: requireAuth() },
    async (request, reply) => {
      await deleteApiKey(db, callerId(request), request.params.id);
      await app.liveSessions.credentialsChanged({ keyId: request.params.id });
      await auditRequest(request, { action: 'key.delete', target: { type: 'key', id: request.params.id } });
      request.log.info(logLine`User ${request.principal?.username} deleted API key #${request.params.id}`);
      return reply.code(204).send();
    },
  );

  r.get(
    '/keys/check',
    { schema: { tags, summary: 'Check the API key sent as Authorization: Bearer', response: { 200: keyCheckSchema } } },
    (request) => checkApiKey(request.principal),
  );
}
