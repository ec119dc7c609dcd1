// Property-based fuzzing of every OpenAPI route (docs/security.md): whatever a caller sends — random path
// parameters, query strings and bodies, signed in or not — the answer is never a 5xx, every 4xx carries the
// JSON error body, and a refused request leaves the database as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testOrigin, withCookie, type TestApp } from './testing/test-app.js';

let t: TestApp;
let admin: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  await t.createUser({ username: 'fuzz-operator', password: 'fuzz-operator-password', roleName: 'Operator' });
  operator = await t.login('fuzz-operator', 'fuzz-operator-password');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every documented route but sign-out (which would end the fuzzing sessions). */
function routes(): Array<{ method: Method; path: string }> {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, path })))
    .filter((route) => route.path !== '/api/logout');
}

/** What a refused request must not change: every table a route writes, but the logs and the audit trail. */
async function fingerprint(): Promise<string> {
  const db = t.app.db;
  const parts = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'email', 'role_id', 'password_hash'])
      .orderBy('id')
      .execute(),
    db.selectFrom('roles').selectAll().orderBy('id').execute(),
    db.selectFrom('role_permissions').selectAll().orderBy('role_id').orderBy('permission_id').execute(),
    db.selectFrom('api_keys').select(['id', 'name', 'expiration_date']).orderBy('id').execute(),
    db.selectFrom('system_config').selectAll().execute(),
    db.selectFrom('floor_plan').select(['media_type', 'updated_at']).execute(),
  ]);
  const probes = (await t.app.inject({ method: 'GET', url: '/api/probes', headers: withCookie(admin) })).json() as Array<{
    probeID: string;
  }>;
  return JSON.stringify([parts, probes.map((p) => p.probeID).sort()]);
}

const pathParam = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '9999', '1.5', '..', '.', '%2e%2e', 'P-1', '@me', 'null', 'x'.repeat(300)),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s)),
  fc.integer().map(String),
);
const query = fc.dictionary(
  fc.constantFrom('limit', 'offset', 'start', 'q', 'actor', 'action', 'target', 'from', 'to', 'before', 'x'),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constant('')),
  { maxKeys: 3 },
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc
    .record(
      {
        name: fc.string({ maxLength: 10 }),
        username: fc.string({ maxLength: 10 }),
        password: fc.string({ maxLength: 10 }),
        probeID: fc.string({ maxLength: 10 }),
        timestamp: fc.constantFrom('9999-12-31T00:00:00Z', '2020-01-01T00:00:00Z', 'soon'),
        expirationDate: fc.constantFrom('9999-12-31T00:00:00Z', 'tomorrow', '2020-01-01T00:00:00Z'),
        permissions: fc.array(
          fc.record({ name: fc.constantFrom('Logs', 'Users', 'Nope'), level: fc.constantFrom('READ', 'ALL') }),
          { maxLength: 3 },
        ),
        timeoutSeconds: fc.oneof(fc.integer(), fc.double()),
        roleId: fc.integer(),
      },
      { requiredKeys: [] },
    )
    .map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc.constantFrom(
    { payload: '{"oops": [', type: 'application/json' },
    { payload: 'plain text', type: 'text/plain' },
    { payload: '', type: 'application/json' },
  ),
);
const caller = fc.constantFrom<'admin' | 'operator' | 'anonymous'>('admin', 'operator', 'anonymous');

describe('every OpenAPI route under random input', () => {
  it('answers 4xx with the JSON error body or succeeds, never 5xx; refused requests change nothing (2,000 cases)', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(20);
    // The database as the last request left it: nothing else writes these tables between requests (reports are
    // applied within their request), so one fingerprint per request, taken after it, is also the next one's before.
    let current = await fingerprint();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), pathParam, query, body, caller, async (route, param, params, sent, who) => {
        const url = route.path.replace(/\{[^}]+\}/g, param);
        const search = new URLSearchParams(params).toString();
        const cookie = who === 'admin' ? admin : who === 'operator' ? operator : undefined;
        const before = current;
        const response = await t.app.inject({
          method: route.method,
          url: search ? `${url}?${search}` : url,
          headers: {
            origin: testOrigin,
            ...(cookie ? { cookie } : {}),
            ...(route.method === 'GET' ? {} : { 'content-type': sent.type }),
          },
          ...(route.method === 'GET' ? {} : { payload: sent.payload }),
        });
        current = await fingerprint();
        const status = response.statusCode;
        expect(status, `${route.method} ${url} → ${response.body}`).toBeLessThan(500);
        if (status >= 400) {
          expect(response.headers['content-type']).toContain('application/json');
          const error = response.json() as { statusCode: unknown; error: unknown; message: unknown };
          expect(error.statusCode).toBe(status);
          expect(typeof error.error).toBe('string');
          expect(typeof error.message).toBe('string');
          expect(current, `${route.method} ${url} was refused (${status}) but changed the database`).toBe(before);
        }
      }),
      { numRuns: 2000, seed: 20261123 },
    );
  }, 120_000);
});
