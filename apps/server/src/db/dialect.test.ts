// What the dialect seam promises, observed through the API on whichever database this project runs
// (SQLite in "node", PostgreSQL in "node-pg"): numbers come back exactly, searches take text literally.
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../testing/temp-storage.js';
import { createTestApp, withCookie } from '../testing/test-app.js';

const dataDir = tempDataDir('bpm-dialect-');

describe('portable storage', () => {
  it('keeps thresholds to the last digit across a restart', async () => {
    const thresholds = { highTemperatureWarning: 45.123456789, lowTemperaturePanic: -0.000123456789, timeoutSeconds: 12.5 };
    const first = await createTestApp({ dataDir });
    try {
      const admin = await first.loginAsAdmin();
      const saved = await first.app.inject({
        method: 'PUT',
        url: '/api/system/config',
        headers: withCookie(admin),
        payload: thresholds,
      });
      expect(saved.statusCode).toBe(200);
    } finally {
      await first.close();
    }
    const second = await createTestApp({ dataDir });
    try {
      const admin = await second.loginAsAdmin();
      const read = await second.app.inject({ method: 'GET', url: '/api/system/config', headers: { cookie: admin } });
      expect(read.json()).toMatchObject(thresholds);
    } finally {
      await second.close();
    }
  });

  it('searches the logs for the text typed, wildcards and case included', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.loginAsAdmin();
      t.app.log.info('Sale: 50%_OFF today');
      t.app.log.info('Sale: 50xyOFF today');
      t.app.log.info('path C:\\probes\\x');
      const search = async (q: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/system/logs?q=${encodeURIComponent(q)}`,
          headers: { cookie: admin },
        });
        return (response.json() as Array<{ msg: string }>).map((e) => e.msg);
      };
      expect(await search('50%_off')).toEqual(['Sale: 50%_OFF today']);
      expect(await search('SALE: 50')).toEqual(['Sale: 50xyOFF today', 'Sale: 50%_OFF today']);
      expect(await search('c:\\probes')).toEqual(['path C:\\probes\\x']);
    } finally {
      await t.close();
    }
  });
});
