// npm start's plant: a demo key made once (file mode 600, reused after a restart) feeding the real API.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { demoKeyFileName, startDemoSimulator } from './demo-simulator.js';

let t: TestApp;
let port: number;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => t.close());

describe('the demo simulator', () => {
  it('makes a key on first start, keeps it private, reuses it, and fills the plant', async () => {
    const first = await startDemoSimulator(t.app, port);
    const file = join(t.config.dataDir, demoKeyFileName);
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^bpm_/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const probeCount = async () => (await t.app.inject({ url: '/api/probes', headers: withCookie(admin) })).json().length;
    while ((await probeCount()) < 50) await new Promise((r) => setTimeout(r, 100));
    await first!.stop();
    expect(first!.stats.failures).toBe(0);

    const second = await startDemoSimulator(t.app, port);
    await second!.stop();
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    const keys = await t.app.db.selectFrom('api_keys').select('name').execute();
    expect(keys.map((k) => k.name)).toEqual(['Plant simulator (demo)']);
  });
});
