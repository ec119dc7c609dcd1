// WAL checkpoints run on a worker thread (docs/storage.md (Checkpoints)): the database file itself takes
// what was written while the app runs, and a restart on the same data finds everything. SQLite only.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Probe, ProbeReportInput } from '@bpm/protocol';
import SQLite from 'better-sqlite3';
import { expect, it, vi } from 'vitest';
import { tempDataDir } from '../testing/temp-storage.js';
import { createTestApp, withCookie } from '../testing/test-app.js';
import { databaseFileName } from './database.js';

const report = (probeID: string): ProbeReportInput => ({
  probeID,
  readings: [{ origin: 'CAN', temperature: 30, valid: true }],
  batteryPercentage: 80,
});
const probeIDs = Array.from({ length: 50 }, (_, i) => `P-${i}`);

/**
 * The stored watchdog timeout in a copy (into `copyDir`, over the last one) of the database file alone, as a
 * file-level backup would take it (no `-wal`).
 */
function timeoutInFileAlone(dataDir: string, copyDir: string): number | undefined {
  copyFileSync(join(dataDir, databaseFileName), join(copyDir, databaseFileName));
  const copy = new SQLite(join(copyDir, databaseFileName));
  try {
    const row = copy.prepare('select timeout_seconds from system_config where id = 1').get() as
      { timeout_seconds: number } | undefined;
    return row?.timeout_seconds;
  } finally {
    copy.close();
  }
}

it('checkpoints what is written into the database file while the app runs, and a restart finds every probe', async () => {
  const dataDir = tempDataDir('bpm-wal-');
  const copyDir = tempDataDir('bpm-copy-');
  const first = await createTestApp({ dataDir, databaseUrl: undefined });
  const cookie = withCookie(await first.loginAsAdmin());
  const posted = await first.app.inject({
    method: 'POST',
    url: '/api/probes/reports',
    headers: cookie,
    payload: probeIDs.map(report),
  });
  expect(posted.statusCode).toBe(202);
  const changed = await first.app.inject({
    method: 'PUT',
    url: '/api/system/config',
    headers: cookie,
    payload: { timeoutSeconds: 77 },
  });
  expect(changed.statusCode).toBe(200);
  // A few KB of WAL: SQLite's automatic checkpoint (at 1,000 pages) would leave it there until the app closes.
  await vi.waitFor(() => expect(timeoutInFileAlone(dataDir, copyDir)).toBe(77), { timeout: 10_000, interval: 100 });
  await first.app.close(); // writes the probe snapshot

  const again = await createTestApp({ dataDir, databaseUrl: undefined });
  try {
    const listed = (await again.app.inject({ method: 'GET', url: '/api/probes', headers: cookie })).json<Probe[]>();
    expect(listed.map((p) => p.probeID).sort()).toEqual([...probeIDs].sort());
    const config = await again.app.inject({ method: 'GET', url: '/api/system/config', headers: cookie });
    expect(config.json<{ timeoutSeconds: number }>().timeoutSeconds).toBe(77);
  } finally {
    await again.close();
  }
});
