// The access rule over every API route (docs/architecture.md (Access)): taken from the app's own OpenAPI
// document, every route that is not public answers 401 with an ErrorBody to an unauthenticated caller,
// whatever it sends (malformed JSON, a body of the wrong shape, bad path parameters), for every method.
// And a route registered under /api without config.access stops the start-up.
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testOrigin, type TestApp } from '../testing/test-app.js';
import { accessPlugin, principalPlugin } from './access.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * Routes anyone may call: signing in and out (single sign-on too), /keys/check (which answers its own 401 to
 * non-key callers), and the load balancers' health checks.
 */
const publicRoutes = new Set([
  'GET /api/login',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/keys/check',
  'GET /api/health/live',
  'GET /api/health/ready',
  // Single sign-on (docs/sso.md): the login page's question and the two redirects of the flow, before anyone is signed in.
  'GET /api/auth/oidc',
  'GET /api/auth/oidc/login',
  'GET /api/auth/oidc/callback',
]);
/** Text answers hidden from the OpenAPI document. */
const hiddenRoutes = ['GET /api/metrics', 'GET /metrics'];

function apiRoutes(): string[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  return [...routes, ...hiddenRoutes].sort();
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const badBodies = [
  { name: 'malformed JSON', payload: '{"oops": [', type: 'application/json' },
  { name: 'a body of the wrong shape', payload: JSON.stringify({ unexpected: 42 }), type: 'application/json' },
  { name: 'a non-JSON body', payload: 'plain text', type: 'text/plain' },
];
const callers = [
  { name: 'no credentials', headers: {} },
  { name: 'a forged session cookie', headers: { cookie: 'bpm_session=forged' } },
  { name: 'an unknown API key', headers: { authorization: 'Bearer bpm_NotARealKey' } },
];

describe('every API route that is not public', () => {
  it('the table covers the API: the OpenAPI document lists the routes, the public ones included', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of publicRoutes) expect(routes).toContain(route);
  });

  const guarded = () => apiRoutes().filter((route) => !publicRoutes.has(route));

  for (const caller of callers) {
    for (const body of badBodies) {
      it(`answers 401 to ${caller.name} sending ${body.name} with bad path parameters`, async () => {
        const answers: Record<string, unknown> = {};
        for (const route of guarded()) {
          const [method, path] = route.split(' ') as [Method, string];
          const url = path.replace(/\{[^}]+\}/g, 'not-an-id');
          const response = await t.app.inject({
            method,
            url,
            headers: { ...caller.headers, origin: testOrigin, ...(method === 'GET' ? {} : { 'content-type': body.type }) },
            ...(method === 'GET' ? {} : { payload: body.payload }),
          });
          answers[route] = { status: response.statusCode, body: response.json() };
        }
        const expected = Object.fromEntries(
          Object.keys(answers).map((route) => [
            route,
            { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Authentication required' } },
          ]),
        );
        expect(answers).toEqual(expected);
      });
    }
  }
});

describe('a route under /api without config.access', () => {
  it('stops the start-up, naming the route', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(cookie);
      await app.register(principalPlugin);
      await app.register(
        async (api) => {
          await api.register(accessPlugin);
          api.get('/declared', { config: { access: 'public' } }, async () => 'fine');
          api.get('/forgotten', async () => 'open to all');
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(
      "GET /api/forgotten has no config.access: declare 'public', 'signedIn' or a permission",
    );
    await app.close().catch(() => undefined);
  });
});
