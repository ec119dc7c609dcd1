// Telemetry history in the browser (docs/history.md): the Probe Details chart with a known series, its
// thresholds, ranges and an alarm's marker; a pack page reached from the dashboard listing the pack's stages.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { defaultSystemInfo, historyEpochMs, type AssignmentInput, type Probe, type ProbeReportInput } from '@bpm/protocol';
import { expect, signInAsAdmin, test } from './fixtures';

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

/**
 * The minute the server filed the probe's last report under: its time of receipt, which is the report's
 * timestamp when the report carries none (docs/history.md, Which minute).
 */
async function lastReportMinute(api: APIRequestContext, probeID: string): Promise<number> {
  const probes = (await (await api.get('probes')).json()) as Probe[];
  const timestamp = probes.find((p) => p.probeID === probeID)?.report?.timestamp;
  expect(timestamp, `${probeID} has reported`).toBeTruthy();
  return Math.floor(Date.parse(timestamp!) / 60_000) * 60_000;
}

/** A point's min / mean / max as the data table shows them. */
const stats = (values: number[]) =>
  [Math.min(...values), values.reduce((sum, v) => sum + v, 0) / values.length, Math.max(...values)]
    .map((v) => `${v.toFixed(1)} °C`)
    .join(' / ');

/** How many points of `resolutionSeconds` the given minutes make (buckets aligned on historyEpochMs). */
const bucketCount = (minutes: number[], resolutionSeconds: number) =>
  new Set(minutes.map((ms) => Math.floor((ms - historyEpochMs) / (resolutionSeconds * 1000)))).size;

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
  // Both in one batch, so in one minute of receipt whatever the clock.
  await ingest(adminApi, [report('hist-1', 30, 28, place(1, pack)), report('hist-1', 34, 26, place(1, pack))]);
  const minutes = [await lastReportMinute(adminApi, 'hist-1')];
  await signInAsAdmin(page, server);
  const dialog = await openDetails(page, 'hist-1');
  const history = dialog.getByRole('region', { name: 'Temperature history' });
  await expect(
    history.getByRole('img', { name: /Temperature history of hist-1, last 1 h: 1 points; internal 30.0 °C to 34.0 °C/ }),
  ).toBeVisible();
  const thresholds = history.getByRole('list', { name: 'Temperature thresholds' });
  // In the words of the states and alarms (Critical, Warning), not "panic".
  for (const line of ['Critical above 55.0 °C', 'Warning above 45.0 °C', 'Warning below 5.0 °C', 'Critical below 0.0 °C']) {
    await expect(thresholds.getByText(line)).toBeVisible();
  }
  await history.getByRole('button', { name: 'Show data table' }).click();
  const table = history.getByRole('table', { name: 'Temperature history of hist-1, last 1 h (table)' });
  await expect(table.getByRole('row').nth(1)).toContainText('30.0 °C / 32.0 °C / 34.0 °C');
  await expect(table.getByRole('row').nth(1)).toContainText('26.0 °C / 27.0 °C / 28.0 °C');

  // The live minute: a report arriving while the chart is open joins the point of its minute (first
  // 30 / 34 / 39: "30.0 °C / 34.3 °C / 39.0 °C"). The server files a report under its minute of receipt,
  // so the clock's minute may turn before a report: it then starts a new point, and the next report,
  // sent at once, must join that one.
  let values = [30, 34];
  for (let internal = 39; ; internal += 2) {
    await ingest(adminApi, [report('hist-1', internal, 27, place(1, pack))]);
    const minute = await lastReportMinute(adminApi, 'hist-1');
    const joined = minute === minutes.at(-1);
    if (joined) values.push(internal);
    else {
      minutes.push(minute);
      values = [internal];
    }
    await expect(table.getByRole('row')).toHaveCount(1 + minutes.length);
    await expect(table.getByRole('row').nth(minutes.length)).toContainText(stats(values));
    if (joined) break;
  }

  for (const range of ['8 h', '24 h', '7 days', '30 days']) {
    const answer = page.waitForResponse((r) => r.url().includes('/probes/hist-1/history?') && r.ok());
    await history.getByText(range, { exact: true }).click();
    const { resolutionSeconds } = (await (await answer).json()) as { resolutionSeconds: number };
    // One point, unless a minute (or a bucket) turned between the reports.
    const points = bucketCount(minutes, resolutionSeconds);
    await expect(
      history.getByRole('img', { name: new RegExp(`Temperature history of hist-1, last ${range}: ${points} points`) }),
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

  // Reopened, the chart opens on the alarm (docs/history.md, Web): from a quarter of an hour before it was raised,
  // marked, with the zone beyond the Critical limit shaded and "Now" marked.
  await page.keyboard.press('Escape');
  const [alarm] = (await (await adminApi.get('alarms?probeID=hist-1')).json()) as { raisedAt: string }[];
  const raisedMs = Date.parse(alarm!.raisedAt);
  const reopened = (await openDetails(page, 'hist-1')).getByRole('region', { name: 'Temperature history' });
  await expect(reopened.getByRole('radio', { name: 'Alarm' })).toBeChecked();
  const chart = reopened.getByRole('img', { name: /Temperature history of hist-1, around the alarm raised at .*: .* 1 marked/ });
  await expect(chart).toBeVisible();
  expect(Date.parse((await chart.getAttribute('data-from'))!)).toBe(raisedMs - 15 * 60_000);
  expect(Date.parse((await chart.getAttribute('data-to'))!) - raisedMs).toBeLessThanOrEqual(6 * 60_000);
  await expect(chart.getByText('Now', { exact: true })).toBeVisible();
  await expect(chart.getByTitle('Critical: above 55.0 °C')).toBeVisible();
  // Both boxes read in one go, again until they agree: a live point can rescale the chart between two reads.
  const gapBetweenZones = async () => {
    const critical = (await chart.getByTitle('Critical: above 55.0 °C').boundingBox())!;
    const warning = (await chart.getByTitle('Warning: 45.0 °C to 55.0 °C').boundingBox())!;
    return Math.abs(critical.y + critical.height - warning.y);
  };
  await expect.poll(gapBetweenZones).toBeLessThan(1);
  // Battery in a strip of its own, not on a second axis among the temperatures.
  await expect(chart.getByText('Battery')).toHaveCount(0);
  await expect(reopened.getByRole('img', { name: 'Battery, same period: 76.0 % to 76.0 %.' })).toBeVisible();
});

test('a pack page reached from the dashboard lists its stages', async ({ page, adminApi, server }) => {
  const pack = 8202;
  // Three probes at three stages carrying the same pack (the pack moved between them within the minute).
  await ingest(adminApi, [
    report('journey-1', 22, 21, place(0, pack)),
    report('journey-2', 37, 35, place(1, pack)),
    report('journey-3', 28, 27, place(2, pack)),
  ]);
  await signInAsAdmin(page, server);
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
