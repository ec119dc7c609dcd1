// PostgreSQL only (the "node-pg" project): one engine per database, so a second instance without cluster
// mode refuses to start while the first runs, and starts once it has stopped.
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../testing/temp-storage.js';
import { createTestApp } from '../testing/test-app.js';

const dataDir = tempDataDir('bpm-engine-lock-');

describe('the engine lock on PostgreSQL', () => {
  it('lets one instance run per database, and the next one start once it has stopped', async () => {
    const first = await createTestApp({ dataDir });
    expect(first.config.databaseUrl).toMatch(/^postgres:\/\//);
    try {
      await expect(createTestApp({ dataDir })).rejects.toThrow(
        /Another Battery Probe Monitor instance already runs on this database/,
      );
      const ready = await first.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toMatchObject({ status: 'ready', engine: true });
    } finally {
      await first.close();
    }
    const second = await createTestApp({ dataDir });
    try {
      await second.loginAsAdmin();
    } finally {
      await second.close();
    }
  });

  it('two instances starting at once on a new database: one seeds and runs, the other waits, then refuses', async () => {
    const fresh = tempDataDir('bpm-engine-lock-');
    const results = await Promise.allSettled([createTestApp({ dataDir: fresh }), createTestApp({ dataDir: fresh })]);
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    try {
      expect(started).toHaveLength(1);
      expect(refused).toEqual([expect.stringMatching(/Another Battery Probe Monitor instance already runs/)]);
      await started[0]!.loginAsAdmin();
    } finally {
      for (const t of started) await t.close();
    }
  });
});
