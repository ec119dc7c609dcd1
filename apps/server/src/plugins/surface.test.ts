// What the server shows to someone who has not signed in, and to which host names it answers (docs/security.md "Headers").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { tempDataDir } from '../testing/temp-storage.js';

async function withApp(overrides: Parameters<typeof createTestApp>[0], run: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp(overrides);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

function builtWebApp(): string {
  const dist = join(tempDataDir('bpm-surface-'), 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>BPM</title>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  return dist;
}

describe('the API documentation', () => {
  it('is for signed-in users and keys by default', async () => {
    await withApp({}, async (t) => {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().message).toContain('API documentation');
      }
      const cookie = await t.loginAsAdmin();
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).statusCode).toBe(200);
    });
  });

  it('is open to anyone with BPM_API_DOCS_PUBLIC=on', async () => {
    await withApp({ apiDocsPublic: true }, async (t) => {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    });
  });
});

describe('source maps', () => {
  it('are not served by default, while the code itself is', async () => {
    await withApp({ webDistDir: builtWebApp() }, async (t) => {
      expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('src/main.tsx');
    });
  });

  it('are served with BPM_SOURCE_MAPS=on', async () => {
    await withApp({ webDistDir: builtWebApp(), serveSourceMaps: true }, async (t) => {
      expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })).body).toContain('src/main.tsx');
    });
  });
});

describe('Host allow-list with BPM_PUBLIC_HOST', () => {
  const get = (t: TestApp, host: string, url = '/api/login') => t.app.inject({ method: 'GET', url, headers: { host } });

  it('answers the public host, its api. host and the box itself; 421 to any other name', async () => {
    await withApp({ publicHost: 'plant.test' }, async (t) => {
      for (const host of ['plant.test', 'PLANT.test:8443', 'api.plant.test', 'localhost:8080', '127.0.0.1', '[::1]:8080']) {
        expect((await get(t, host)).statusCode, host).toBe(401);
      }
      for (const host of ['evil.example', 'plant.test.evil.example', 'x.plant.test', '10.0.0.5:8080']) {
        const refused = await get(t, host);
        expect(refused.statusCode, host).toBe(421);
        expect(refused.json().message).toContain('plant.test');
      }
    });
  });

  it('lets health checks and metrics scrapes name the instance by its address', async () => {
    await withApp({ publicHost: 'plant.test' }, async (t) => {
      expect((await get(t, '10.0.0.5:8080', '/api/health/live')).statusCode).toBe(200);
      expect((await get(t, '10.0.0.5:8080', '/metrics')).statusCode).toBe(401);
    });
  });

  it('answers any host without BPM_PUBLIC_HOST', async () => {
    await withApp({}, async (t) => {
      expect((await get(t, 'evil.example')).statusCode).toBe(401);
    });
  });
});
