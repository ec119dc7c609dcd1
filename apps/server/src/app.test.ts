// The app as a whole: restart survival, migrations, first-start seeding, the three faces, headers, CORS, OpenAPI.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createApiKey } from './modules/keys/keys.service.js';
import { tempDataDir } from './testing/temp-storage.js';
import { createTestApp, testAdminPassword, withCookie } from './testing/test-app.js';

describe('restarts', () => {
  it('keeps users, sessions, keys and logs across a restart', async () => {
    const dataDir = tempDataDir('bpm-app-test-');
    const first = await createTestApp({ dataDir });
    const admin = await first.loginAsAdmin();
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: withCookie(admin),
      payload: {
        username: 'survivor',
        firstName: 'Sur',
        lastName: 'Vivor',
        email: 'sv@example.com',
        password: 'survivor-password',
        roleId: 2,
      },
    });
    expect(created.statusCode).toBe(201);
    const { token } = await createApiKey(first.app.db, {
      userId: created.json().userId,
      name: 'k',
      expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    first.app.log.info('before the restart');
    await first.close();

    const second = await createTestApp({ dataDir, adminPassword: 'ignored-after-first-start' });
    try {
      expect(second.app.seedResult).toEqual({ seeded: false });
      expect((await second.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: admin } })).statusCode).toBe(200);
      await second.login('survivor', 'survivor-password');
      await second.login('admin', testAdminPassword);
      const check = await second.app.inject({
        method: 'GET',
        url: '/api/keys/check',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(check.json()).toMatchObject({ username: 'survivor' });
      second.app.log.info('after the restart');
      const logs = (
        await second.app.inject({ method: 'GET', url: '/api/system/logs?q=the%20restart', headers: withCookie(admin) })
      ).json();
      expect(logs.map((e: { msg: string }) => e.msg)).toEqual(['after the restart', 'before the restart']);
    } finally {
      await second.close();
    }
  });

  it('refuses to start on a database written by a newer version', async () => {
    const dataDir = tempDataDir('bpm-app-test-');
    const first = await createTestApp({ dataDir });
    await first.app.db
      .insertInto('schema_migrations' as never)
      .values({ name: '9999-from-the-future', timestamp: new Date().toISOString() } as never)
      .execute();
    await first.close();
    await expect(createTestApp({ dataDir })).rejects.toThrow(/newer version of Battery Probe Monitor/);
  });

  it('drops log entries older than the retention age when it starts', async () => {
    const dataDir = tempDataDir('bpm-app-test-');
    const first = await createTestApp({ dataDir });
    const old = (BigInt(Date.now() - 40 * 86_400_000) * 1_000_000n).toString();
    await first.app.db.insertInto('logs').values({ ts: old, level: 'info', msg: 'ancient entry' }).execute();
    await first.close();
    const second = await createTestApp({ dataDir, logRetention: { maxEntries: 1000, maxWarningEntries: 1000, maxAgeDays: 30 } });
    try {
      expect(await second.app.db.selectFrom('logs').select('ts').where('msg', '=', 'ancient entry').execute()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('first start without BPM_ADMIN_PASSWORD', () => {
  it('generates an admin password that signs in, and never logs it', async () => {
    const t = await createTestApp({ adminPassword: undefined });
    try {
      const password = t.app.seedResult.generatedAdminPassword;
      expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      await t.login('admin', password!);
      const logs = await t.app.db.selectFrom('logs').select('msg').execute();
      expect(JSON.stringify(logs)).not.toContain(password);
    } finally {
      await t.close();
    }
  });
});

describe('the web face', () => {
  it('shows a placeholder page while the web app is not built', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('the web app has not been built yet');
    } finally {
      await t.close();
    }
  });

  it('serves the built app, index.html for page paths, and JSON 404s for missing files and API paths', async () => {
    const webDistDir = tempDataDir('bpm-app-test-');
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>BPM app</title>');
    writeFileSync(join(webDistDir, 'assets', 'app-123.js'), 'console.log(1)');
    const t = await createTestApp({ webDistDir });
    try {
      for (const url of ['/', '/dashboard', '/users/42', '/login?next=x']) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('<title>BPM app</title>');
      }
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missing.statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    } finally {
      await t.close();
    }
  });
});

describe('headers, CORS and cookies', () => {
  it('sends security headers with a CSP that lets the web app run', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      // The live feed's own host, not any ws: host.
      expect(csp).toContain("connect-src 'self' ws://localhost:80 wss://localhost:80;");
      expect(csp).not.toMatch(/ wss?:[ ;]/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      const api = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(api.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('sends the same security headers on every answer, each with the CSP of its own Host', async () => {
    const t = await createTestApp();
    try {
      // Pages, API answers and refusals alike, hosts alternating: the headers are made per request, not once.
      for (const host of ['localhost:80', 'plant.test:8443', 'localhost:80']) {
        for (const [method, url] of [
          ['GET', '/'],
          ['GET', '/api/login'],
          ['POST', '/api/probes/reports'],
        ] as const) {
          const response = await t.app.inject({ method, url, headers: { host } });
          expect(response.headers).toMatchObject({
            'content-security-policy':
              "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';font-src 'self' data:;" +
              `img-src 'self' data: blob:;connect-src 'self' ws://${host} wss://${host};object-src 'none';` +
              "base-uri 'self';frame-ancestors 'none';form-action 'self'",
            'cross-origin-opener-policy': 'same-origin',
            'cross-origin-resource-policy': 'same-site',
            'origin-agent-cluster': '?1',
            'referrer-policy': 'no-referrer',
            'strict-transport-security': 'max-age=31536000; includeSubDomains',
            'x-content-type-options': 'nosniff',
            'x-dns-prefetch-control': 'off',
            'x-download-options': 'noopen',
            'x-frame-options': 'SAMEORIGIN',
            'x-permitted-cross-domain-policies': 'none',
            'x-xss-protection': '0',
          });
          expect(response.headers['x-powered-by']).toBeUndefined();
        }
      }
    } finally {
      await t.close();
    }
  });

  it('answers an invalid CORS preflight with the JSON error body', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'OPTIONS', url: '/api/users', headers: { origin: 'http://localhost' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid CORS preflight request: Access-Control-Request-Method is required',
      });
    } finally {
      await t.close();
    }
  });

  it('answers a 10 MB body with its 413 over a real connection', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      for (const url of ['/api/login', '/api/users/@me']) {
        const response = await fetch(`http://127.0.0.1:${port}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ padding: 'x'.repeat(10 * 1024 * 1024) }),
        });
        expect(response.status).toBe(413);
        expect(await response.json()).toMatchObject({ statusCode: 413, message: 'Request body is too large' });
      }
    } finally {
      await t.close();
    }
  });

  it('with BPM_PUBLIC_HOST: CORS for its origin only, and the cookie on its domain', async () => {
    const t = await createTestApp({ publicHost: 'plant.test' });
    try {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/users',
        headers: { host: 'api.plant.test:8443', origin: 'http://plant.test:8443', 'access-control-request-method': 'PUT' },
      });
      expect(preflight.statusCode).toBeLessThan(300);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://plant.test:8443');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');

      const foreign = await t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { host: 'api.plant.test', origin: 'https://evil.example' },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

      const login = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: 'api.plant.test:8443', origin: 'http://plant.test:8443' },
        payload: { username: 'admin', password: testAdminPassword },
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers['access-control-allow-origin']).toBe('http://plant.test:8443');
      expect(login.cookies.find((c) => c.name === 'bpm_session')?.domain).toBe('plant.test');

      // The web page reads an export's file name from Content-Disposition (lib/download-file.ts).
      const csv = await t.app.inject({
        method: 'GET',
        url: '/alarms.csv',
        headers: { host: 'api.plant.test:8443', origin: 'http://plant.test:8443', cookie: login.headers['set-cookie'] },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['access-control-expose-headers']).toBe('Content-Disposition');
    } finally {
      await t.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the API from the protocol schemas', async () => {
    const t = await createTestApp();
    try {
      const cookie = await t.loginAsAdmin();
      const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json();
      expect(spec.openapi).toMatch(/^3\./);
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining(['/api/login', '/api/users', '/api/users/{id}', '/api/keys', '/api/system/logs']),
      );
      const createUser = spec.paths['/api/users'].post.requestBody.content['application/json'].schema;
      expect(createUser.required).toEqual(expect.arrayContaining(['username', 'password', 'roleId']));
      const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Swagger UI');
      expect(String(page.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});

describe('errors', () => {
  it('answers an unexpected failure with a bare 500 and logs it with its request id', async () => {
    const dataDir = tempDataDir('bpm-app-test-');
    const base = await createTestApp({ dataDir });
    await base.close();
    const app = await buildApp(base.config);
    try {
      app.get('/api/boom', async () => {
        throw new Error('database exploded at /secret/path');
      });
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
      const logged = await app.logStore.list({ offset: 0, limit: 5, q: 'database exploded' });
      expect(logged[0]?.level).toBe('error');
      expect(logged[0]?.msg).toMatch(/Unhandled error: database exploded at \/secret\/path \[req-[\w-]+\]/);
    } finally {
      await app.close();
    }
  });

  it('answers 415 to a body that is not JSON', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Unsupported content type: send application/json');
    } finally {
      await t.close();
    }
  });
});

describe('buildApp', () => {
  it('refuses a DATABASE_URL that is not PostgreSQL', async () => {
    const dataDir = tempDataDir('bpm-app-test-');
    const t = await createTestApp({ dataDir });
    await t.close();
    await expect(buildApp({ ...t.config, databaseUrl: 'mysql://localhost/bpm' })).rejects.toThrow(/must be a PostgreSQL URL/);
  });
});
