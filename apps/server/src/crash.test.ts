// Crash safety (docs/security.md): the real server as a child process on a temporary data directory is
// killed with SIGKILL while reports stream in and accounts change; restarted on the same data, the database
// passes PRAGMA integrity_check and every account change that was answered before the kill is there.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseFileName } from './db/database.js';
import { killHard, signIn } from './testing/child-server.js';
import { tempDataDir } from './testing/temp-storage.js';
import { startTestServer } from '../../../e2e/server';

describe('kill -9 during ingest and account changes', () => {
  it('restarts on the same data with an intact database and every answered change', async () => {
    const dataDir = tempDataDir('bpm-crash-');
    const first = await startTestServer({ BPM_DATA_DIR: dataDir });
    const headers = await signIn(first);
    const committed: string[] = [];
    let ingesting = true;
    let batches = 0;
    let killed: Promise<void> | undefined;
    const ingest = (async () => {
      while (ingesting) {
        const reports = Array.from({ length: 200 }, (_, i) => ({ probeID: `C-${i}`, readings: [], batteryPercentage: 50 }));
        const response = await fetch(`${first.url}/api/probes/reports`, {
          method: 'POST',
          headers,
          body: JSON.stringify(reports),
        }).catch(() => undefined);
        if (response?.status === 202) batches += 1;
      }
    })();
    const accounts = (async () => {
      for (let i = 0; ; i += 1) {
        const username = `crash-${i}`;
        const response = await fetch(`${first.url}/api/users`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            username,
            firstName: 'C',
            lastName: 'Rash',
            email: `${username}@example.com`,
            password: 'crash-password-1',
            roleId: 3,
          }),
        }).catch(() => undefined);
        if (!response) return;
        if (response.status === 201) committed.push(username);
        // The kill comes once a few accounts are in and reports have flowed, while both are still going.
        if (committed.length >= 3 && batches >= 3 && !killed) killed = killHard(first);
      }
    })();
    await accounts;
    ingesting = false;
    await ingest;
    await killed;
    expect(committed.length).toBeGreaterThanOrEqual(3);

    const check = new SQLite(join(dataDir, databaseFileName), { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      check.close();
    }

    const second = await startTestServer({ BPM_DATA_DIR: dataDir });
    try {
      const again = await signIn(second);
      const users = (await (await fetch(`${second.url}/api/users`, { headers: again })).json()) as Array<{ username: string }>;
      const names = new Set(users.map((u) => u.username));
      for (const username of committed) expect(names.has(username), username).toBe(true);
      const accepted = await fetch(`${second.url}/api/probes/reports`, {
        method: 'POST',
        headers: again,
        body: JSON.stringify({ probeID: 'C-after', readings: [] }),
      });
      expect(accepted.status).toBe(202);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
