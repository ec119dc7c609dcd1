// Honest when stale (docs/operator-screen.md "Stale data"): with the server stopped, a banner says since when
// the data is not live, counts and rows are marked, the indicator reads "Connection Failed" between attempts;
// once the server is back the banner goes and the new snapshot replaces the state.
import { expect, test } from '@playwright/test';
import { adminContext } from './fixtures';
import { startTestServer, type RunningServer } from './server';
import { criticalReadings, ingest, probeReport } from './probe-reports';

let server: RunningServer;

test.beforeEach(async () => {
  // A server of this test's own, since it is stopped and started again on the same port and data.
  server = await startTestServer();
});

test.afterEach(async () => {
  await server.stop();
});

test('the stale banner appears on losing the server and goes once it is back', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const signInApi = () => adminContext(playwright, server);
  let api = await signInApi();
  // No probe times out while the page reconnects, however long a loaded machine takes: the counts stay as reported.
  expect((await api.put('system/config', { data: { timeoutSeconds: 3600 } })).ok()).toBeTruthy();
  await ingest(api, [probeReport('stale-1', { readings: criticalReadings }), probeReport('stale-2')]);

  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  const table = page.getByRole('table', { name: 'Probes' });
  await expect(table.getByRole('cell', { name: 'stale-1', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Connection Established' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Live data lost' })).toHaveCount(0);
  await api.dispose();

  const { port, dataDir } = server;
  await server.stop({ keepData: true });
  const banner = page.getByRole('alert').filter({ hasText: /^Live data lost at \d{2}:\d{2}:\d{2} — reconnecting…/ });
  await expect(banner).toBeVisible();
  await expect(table).toHaveCSS('opacity', '0.6');
  await expect(page.getByLabel('Critical: 1 (not live)')).toBeVisible();
  // The alarm counts too: the last known ones, greyed and named so.
  const alarmCount = page.getByRole('link', { name: '1 active unacknowledged alarm (not live)' });
  await expect(alarmCount).toBeVisible();
  await expect(alarmCount.locator('xpath=..')).toHaveCSS('filter', 'grayscale(1)');
  // Between reconnect attempts the indicator says the connection failed (it is not "Connecting" forever).
  await expect(page.getByRole('img', { name: 'Connection Failed' })).toBeVisible();
  const shownLostAt = await banner.textContent();

  server = await startTestServer({}, { port, dataDir });
  api = await signInApi();
  // Changed while this page was away: it learns them from the snapshot (or live, had it reconnected already).
  expect((await api.delete('probes/stale-2')).ok()).toBeTruthy();
  await ingest(api, [probeReport('stale-3')]);
  await api.dispose();

  await expect(page.getByRole('img', { name: 'Connection Established' })).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveCount(0);
  expect(shownLostAt).toMatch(/^Live data lost at/);
  await expect(table).toHaveCSS('opacity', '1');
  await expect(table.getByRole('cell', { name: 'stale-3', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'stale-2', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Critical: 1', { exact: true })).toBeVisible();
});
