// /keys: the caller's own API keys (docs/api.md (API keys)), and /keys/check for testing a key.
import { apiKeySchema, createApiKeySchema, createdApiKeySchema, idParamSchema, keyCheckSchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { auditRequest } from '../audit/audit.service.js';
import { logLine } from '../../log-text.js';
import { checkApiKey, createCallerApiKey, deleteApiKey, listApiKeys } from './keys.service.js';

const tags = ['API keys'];
/** A user manages only their own keys, so signing in is all it takes. */
const own = { access: 'signedIn' } as const;

export async function keysRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/keys',
    { schema: { tags, summary: 'Your API keys', response: { 200: z.array(apiKeySchema) } }, config: own },
    (request) => listApiKeys(db, callerOf(request).userId),
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
      config: own,
    },
    async (request, reply) => {
      const key = await createCallerApiKey(db, callerOf(request), request.body, app.config.keyMaxDays);
      await auditRequest(request, {
        action: 'key.create',
        target: { type: 'key', id: key.id },
        changes: { name: { before: null, after: key.name }, expirationDate: { before: null, after: key.expirationDate } },
      });
      request.log.info(logLine`User ${callerOf(request).username} created API key #${key.id} "${key.name}"`);
      return reply.code(201).send(key);
    },
  );

  r.delete(
    '/keys/:id',
    { schema: { tags, summary: 'Delete one of your API keys', params: idParamSchema }, config: own },
    async (request, reply) => {
      await deleteApiKey(db, callerOf(request).userId, request.params.id);
      await app.liveSessions.credentialsChanged({ keyId: request.params.id });
      await auditRequest(request, { action: 'key.delete', target: { type: 'key', id: request.params.id } });
      request.log.info(logLine`User ${callerOf(request).username} deleted API key #${request.params.id}`);
      return reply.code(204).send();
    },
  );

  r.get(
    '/keys/check',
    {
      // Public: it answers 401 "A valid API key is required" itself, also to a signed-in browser session.
      config: { access: 'public' },
      schema: { tags, summary: 'Check the API key sent as Authorization: Bearer', response: { 200: keyCheckSchema } },
    },
    (request) => checkApiKey(request.principal),
  );
}
