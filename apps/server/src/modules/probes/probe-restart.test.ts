// The probe snapshot across a restart (docs/probe-data.md): probes and thresholds restored, and a stored report
// from the future brought back to the present.
import type { Probe } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../../testing/temp-storage.js';
import { createTestApp, withCookie } from '../../testing/test-app.js';
import { report } from './probe-report.testing.js';

describe('restart', () => {
  it('restores the probe snapshot and the thresholds', async () => {
    const dataDir = tempDataDir('bpm-probes-');
    const first = await createTestApp({ dataDir });
    const cookie = withCookie(await first.loginAsAdmin());
    await first.app.inject({ method: 'PUT', url: '/api/system/config', headers: cookie, payload: { timeoutSeconds: 60 } });
    await first.app.inject({
      method: 'POST',
      url: '/api/probes/reports',
      headers: cookie,
      payload: [report('P-1', { batteryPercentage: 5 }), report('P-2')],
    });
    const before = (await first.app.inject({ method: 'GET', url: '/api/probes', headers: cookie })).json<Probe[]>();
    await first.app.close(); // flushes the snapshot; the data directory stays

    const again = await createTestApp({ dataDir });
    try {
      const after = (await again.app.inject({ method: 'GET', url: '/api/probes', headers: cookie })).json<Probe[]>();
      const byId = (list: Probe[]) => Object.fromEntries(list.map((p) => [p.probeID, p]));
      const p1 = before.find((p) => p.probeID === 'P-1')!;
      expect(byId(after)['P-1']).toMatchObject({ state: p1.state, watchdogExpiry: p1.watchdogExpiry, batteryPercentage: 5 });
      expect(byId(after)['P-1']!.events.map((e) => e.event)).toEqual([21]);
      expect(Object.keys(byId(after)).sort()).toEqual(['P-1', 'P-2']);
      expect((await again.app.inject({ method: 'GET', url: '/api/system/config', headers: cookie })).json().timeoutSeconds).toBe(
        60,
      );
    } finally {
      await again.close();
    }
  });

  it('brings a stored report from the future back to the present, so the probe takes reports again', async () => {
    const dataDir = tempDataDir('bpm-probes-');
    const first = await createTestApp({ dataDir });
    const cookie = withCookie(await first.loginAsAdmin());
    await first.app.inject({ method: 'POST', url: '/api/probes/reports', headers: cookie, payload: report('P-F') });
    await first.app.close();
    // As stored by a server from before the 5-minute rule: a 9999-12-31 report.
    const future = Date.parse('9999-12-31T00:00:00.000Z');
    const { openDatabase } = await import('../../db/database.js');
    const db = openDatabase(dataDir, first.config.databaseUrl);
    const row = await db.selectFrom('probes').select('record').where('probe_id', '=', 'P-F').executeTakeFirstOrThrow();
    const stored = JSON.parse(row.record);
    stored.lastReportMs = future;
    stored.report.timestamp = new Date(future).toISOString();
    await db
      .updateTable('probes')
      .set({ record: JSON.stringify(stored) })
      .where('probe_id', '=', 'P-F')
      .execute();
    await db.destroy();

    const again = await createTestApp({ dataDir });
    try {
      const send = () =>
        again.app.inject({ method: 'POST', url: '/api/probes/reports', headers: cookie, payload: report('P-F') });
      expect((await send()).json()).toEqual({ accepted: 1, ignored: 0 });
    } finally {
      await again.close();
    }
  });
});
