// The OpenAPI document and interactive docs at /api/docs, generated from the routes' protocol schemas.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { productName } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../errors.js';
import { toJsonSchema } from './zod-schemas.js';

export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string; public: boolean }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${productName} API`, version: options.version },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'bpm_session' },
            apiKey: { type: 'http', scheme: 'bearer', description: 'A personal API key (bpm_…)' },
          },
        },
        security: [{ session: [] }, { apiKey: [] }],
      },
      transform: ({ schema, url }) => {
        if (!schema) return { schema, url };
        const { body, querystring, params, headers, response, ...rest } = schema as Record<string, unknown>;
        const converted: Record<string, unknown> = { ...rest };
        if (body) converted.body = toJsonSchema(body, 'input');
        if (querystring) converted.querystring = toJsonSchema(querystring, 'input');
        if (params) converted.params = toJsonSchema(params, 'input');
        if (headers) converted.headers = toJsonSchema(headers, 'input');
        if (response && typeof response === 'object') {
          converted.response = Object.fromEntries(
            Object.entries(response as Record<string, unknown>).map(([status, s]) => [status, toJsonSchema(s, 'output')]),
          );
        }
        return { schema: converted, url };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The document maps every route and parameter: for signed-in users and keys unless BPM_API_DOCS_PUBLIC is on.
      uiHooks: {
        onRequest: (request, _reply, done) => {
          if (options.public || request.principal) return done();
          done(new UnauthorizedError('Sign in (or send an API key) to read the API documentation'));
        },
      },
      // The plugin's default CSP adds upgrade-insecure-requests, which breaks the page on plain-http LAN hosts.
      staticCSP:
        "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
    });
  },
  { name: 'bpm-openapi' },
);
