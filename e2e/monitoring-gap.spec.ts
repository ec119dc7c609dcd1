// A restart is one system alarm, not a flood (docs/alarms.md "System alarm"): the probes whose watchdog expired
// while the server was down are held for one timeoutSeconds and the time to receive their first reports; those
// that report by then raise nothing, those still silent alarm as usual.
import { expect, test } from '@playwright/test';
import type { Alarm, JournalEntry } from '@bpm/protocol';
import { adminContext } from './fixtures';
import { startServer, type RunningServer } from './server';
import { ingest, probeReport } from './probe-reports';

let server: RunningServer;

test.beforeEach(async () => {
  server = await startServer();
});

test.afterEach(async () => {
  await server.stop();
});

const timeoutSeconds = 4;
const probeIDs = Array.from({ length: 200 }, (_, i) => `gap-${String(i).padStart(3, '0')}`);
const stillSilent = probeIDs.slice(0, 5);
const reportingAgain = probeIDs.slice(5);

test('a restart after the probes went unwatched raises one system alarm, and only the still-silent probes alarm', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  let api = await adminContext(playwright, server);
  expect((await api.put('system/config', { data: { timeoutSeconds } })).ok()).toBeTruthy();
  await ingest(api, probeIDs.map((id) => probeReport(id)));
  await api.dispose();

  const { port, dataDir } = server;
  await server.stop({ keepData: true });
  // Down for longer than the watchdog's timeout: every probe's expiry passes while nobody monitors.
  await new Promise((r) => setTimeout(r, (timeoutSeconds + 1) * 1000));
  server = await startServer({}, { port, dataDir });
  api = await adminContext(playwright, server);
  await ingest(api, reportingAgain.map((id) => probeReport(id)));

  const alarms = async () => (await (await api.get('alarms?limit=1000')).json()) as Alarm[];
  const watchdogAlarms = async () => (await alarms()).filter((a) => a.event === 0);
  // After the hold, the probes still silent alarm as usual, and only they.
  await expect
    .poll(async () => (await watchdogAlarms()).map((a) => a.probeID).sort(), { timeout: 40_000 })
    .toEqual(stillSilent);
  const all = await alarms();
  expect(all).toHaveLength(stillSilent.length + 1);
  const system = all.filter((a) => a.probeID === '');
  expect(system).toHaveLength(1);
  expect(system[0]!.raisedMessage).toMatch(/^BPM was not monitoring from \d{2}:\d{2}:\d{2} to \d{2}:\d{2}:\d{2}$/);
  expect(system[0]!.state).toBe('returned');
  expect(system[0]!.eventType).toBe('Critical');

  // The journal says it once too: no entry for the probes that reported within the hold.
  const journal = (await (await api.get('journal?limit=1000')).json()) as JournalEntry[];
  const sinceRestart = journal.filter((e) => e.event === 0 || e.event === 1 || e.probeID === '');
  expect(sinceRestart.filter((e) => e.probeID === '').map((e) => e.eventString)).toEqual([system[0]!.raisedMessage]);
  expect(sinceRestart.filter((e) => e.event === 1)).toHaveLength(0);
  expect(sinceRestart.filter((e) => e.event === 0).map((e) => e.probeID).sort()).toEqual(stillSilent);
  await api.dispose();

  // The operator sees it among the open alarms, named as BPM's own.
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/alarms`);
  const row = page.getByRole('row').filter({ hasText: system[0]!.raisedMessage });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'BPM', exact: true })).toBeVisible();
});
