// Telemetry history in the browser (docs/history.md): the Probe Details chart with a known series, its
// thresholds, ranges and an alarm's marker; a pack page reached from the dashboard listing the pack's stages.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { defaultSystemInfo, type AssignmentInput, type ProbeReportInput } from '@bpm/protocol';
import { expect, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

// The simulator's stage ids (apps/simulator/src/plant.ts), as the other specs use them.
const stages = ['Cell stacking', 'Busbar welding', 'Pack sealing'];
const stageIds = [1, 3, 4];
const place = (stage: number, packId: number): AssignmentInput => ({
  buildStage: { id: stageIds[stage]!, name: stages[stage]! },
  agv: { id: 40 + stage, name: `AGV-${40 + stage}` },
  batteryPack: { id: packId, name: `Pack ${packId}` },
  expectingCANData: true,
});
const report = (probeID: string, internal: number, external: number, assignment: AssignmentInput): ProbeReportInput => ({
  probeID,
  firmwareVersion: '2.4.1',
  readings: [
    { origin: 'CAN', temperature: internal, valid: true },
    { origin: 'Thermocouple', temperature: external, valid: true },
  ],
  batteryPercentage: 76,
  batteryCharging: false,
  assignment,
});

/** Clicks an Export CSV button and reads the file the browser saved (the button fetches it, then saves it). */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; lines: string[] }> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  return {
    name: file.suggestedFilename(),
    lines: readFileSync(await file.path(), 'utf8')
      .trimEnd()
      .split('\r\n'),
  };
}

async function ingest(api: APIRequestContext, reports: ProbeReportInput[]) {
  const response = await api.post('probes/reports', { data: reports });
  expect(response.status(), await response.text()).toBe(202);
}

async function openDetails(page: Page, probeID: string) {
  await page.getByLabel('Filter probes').fill(probeID);
  await page.getByRole('button', { name: `Actions for ${probeID}` }).click();
  await page.getByRole('menuitem', { name: 'Probe Details' }).click();
  return page.getByRole('dialog', { name: 'Probe Details' });
}

test.beforeAll(async ({ playwright, server }) => {
  // A long inactivity timeout keeps the watchdog out of these short tests.
  const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
  expect((await api.put('system/config', { data: { timeoutSeconds: 3600 } })).ok()).toBeTruthy();
  await api.dispose();
});

test.afterAll(async ({ playwright, server }) => {
  // The server is shared by the worker's other spec files: leave it as this file found it (history stays).
  const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
  for (const probeID of ['hist-1', 'journey-1', 'journey-2', 'journey-3']) await api.delete(`probes/${probeID}`);
  await api.put('system/config', { data: { timeoutSeconds: defaultSystemInfo.timeoutSeconds } });
  await api.dispose();
});

test('the Probe Details chart shows a known series with its thresholds, live, and switches ranges', async ({
  page,
  adminApi,
  server,
}) => {
  const pack = 8101;
  await ingest(adminApi, [report('hist-1', 30, 28, place(1, pack))]);
  await ingest(adminApi, [report('hist-1', 34, 26, place(1, pack))]);
  await signIn(page, 'admin', server.adminPassword);
  const dialog = await openDetails(page, 'hist-1');
  const history = dialog.getByRole('region', { name: 'Temperature history' });
  await expect(
    history.getByRole('img', { name: /Temperature history of hist-1, last 1 h: 1 points; internal 30.0 °C to 34.0 °C/ }),
  ).toBeVisible();
  const thresholds = history.getByRole('list', { name: 'Temperature thresholds' });
  for (const line of ['Low panic 0.0 °C', 'Low warning 5.0 °C', 'High warning 45.0 °C', 'High panic 55.0 °C']) {
    await expect(thresholds.getByText(line)).toBeVisible();
  }
  await history.getByRole('button', { name: 'Show data table' }).click();
  const table = history.getByRole('table', { name: 'Temperature history of hist-1, last 1 h (table)' });
  await expect(table.getByRole('row').nth(1)).toContainText('30.0 °C / 32.0 °C / 34.0 °C');
  await expect(table.getByRole('row').nth(1)).toContainText('26.0 °C / 27.0 °C / 28.0 °C');

  // The live minute: a report arriving while the chart is open joins it.
  await ingest(adminApi, [report('hist-1', 39, 27, place(1, pack))]);
  await expect(table.getByRole('row').nth(1)).toContainText('30.0 °C / 34.3 °C / 39.0 °C');

  for (const range of ['8 h', '24 h', '7 days', '30 days']) {
    const answer = page.waitForResponse((r) => r.url().includes('/probes/hist-1/history?') && r.ok());
    await history.getByText(range, { exact: true }).click();
    await answer;
    await expect(
      history.getByRole('img', { name: new RegExp(`Temperature history of hist-1, last ${range}: 1 points`) }),
    ).toBeVisible();
  }
  const csv = await downloaded(page, history.getByRole('button', { name: 'Export CSV' }));
  expect(csv.name).toMatch(/^BPM_history_hist-1_.+\.csv$/);
  expect(csv.lines[0]).toMatch(/^time,internal_min,/);

  // An alarm: a report above the high panic threshold raises a Critical alarm, marked on the chart and
  // listed in its text alternative (the markers table).
  await ingest(adminApi, [report('hist-1', 61, 27, place(1, pack))]);
  await expect(history.getByRole('img', { name: /Temperature history of hist-1, last 30 days: .* 1 marked/ })).toBeVisible();
  const markers = history.getByRole('table', { name: 'Temperature history of hist-1, last 30 days (markers)' });
  await expect(markers.getByRole('row').nth(1)).toContainText('Critical alarm:');

  // Reopened on its last hour, the chart still marks it.
  await page.keyboard.press('Escape');
  const reopened = (await openDetails(page, 'hist-1')).getByRole('region', { name: 'Temperature history' });
  await expect(reopened.getByRole('img', { name: /Temperature history of hist-1, last 1 h: .* 1 marked/ })).toBeVisible();
});

test('a pack page reached from the dashboard lists its stages', async ({ page, adminApi, server }) => {
  const pack = 8202;
  // Three probes at three stages carrying the same pack (the pack moved between them within the minute).
  await ingest(adminApi, [
    report('journey-1', 22, 21, place(0, pack)),
    report('journey-2', 37, 35, place(1, pack)),
    report('journey-3', 28, 27, place(2, pack)),
  ]);
  await signIn(page, 'admin', server.adminPassword);
  await page.getByLabel('Filter probes').fill('journey-2');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'journey-2', exact: true }) });
  await row.getByRole('link', { name: `Monitoring Pack ${pack}` }).click();
  await expect(page).toHaveURL(new RegExp(`/packs/${pack}$`));
  await expect(page.getByRole('heading', { name: `Pack ${pack}` })).toBeVisible();
  const journey = page.getByLabel('Journey through the build stages');
  for (const stage of stages) await expect(journey.getByText(stage, { exact: true })).toBeVisible();
  await expect(journey.getByText('Internal: min 37.0 °C, mean 37.0 °C, max 37.0 °C')).toBeVisible();
  const csv = await downloaded(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(csv.name).toBe(`BPM_pack_${pack}.csv`);
  expect(csv.lines).toHaveLength(1 + stages.length); // a header and a line per carriage

  // "Find a battery pack" from the sidebar's Battery packs page.
  await page.goto('/packs');
  await page.getByLabel('Find a battery pack').fill(String(pack));
  await page
    .getByRole('navigation', { name: 'Battery packs found' })
    .getByRole('link', { name: `Pack ${pack}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/packs/${pack}$`));
});
