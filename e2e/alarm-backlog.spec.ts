// The top bar counts every alarm awaiting acknowledgement (docs/alarms.md, Web): the active ones and those that
// cleared unacknowledged ("returned"), each linking to the open list filtered that way; the tab's title leads with
// their sum.
import { expect, test } from '@playwright/test';
import { adminContext } from './fixtures';
import { startTestServer, type RunningServer } from './server';
import { criticalReadings, ingest, probeReport } from './probe-reports';

let server: RunningServer;

test.beforeEach(async () => {
  // A server of this test's own: the shared one's backlog, left by other files, would be in the counts.
  server = await startTestServer();
});

test.afterEach(async () => {
  await server.stop();
});

test('the top bar shows the active and the returned alarms awaiting acknowledgement, each opening its list', async ({
  page,
  playwright,
}) => {
  const api = await adminContext(playwright, server);
  // No watchdog alarm while the test runs: only the temperature alarms are counted.
  expect((await api.put('system/config', { data: { timeoutSeconds: 3600 } })).ok()).toBeTruthy();
  await ingest(api, [
    probeReport('backlog-hot', { readings: criticalReadings }),
    probeReport('backlog-was-hot', { readings: criticalReadings }),
  ]);
  // Cooled down before anyone acknowledged it: no longer active, still waiting.
  await ingest(api, [probeReport('backlog-was-hot')]);
  await api.dispose();

  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  const active = page.getByRole('link', { name: '1 active unacknowledged alarm' });
  const returned = page.getByRole('link', { name: '1 returned unacknowledged alarm' });
  await expect(active).toHaveText('1 active');
  await expect(returned).toHaveText('1 returned');
  await expect(page).toHaveTitle(/^\(2\) /);

  await returned.click();
  await expect(page).toHaveURL(/\/alarms\?state=returned$/);
  await expect(
    page.getByRole('tabpanel', { name: 'Open alarms' }).getByText('1 returned unacknowledged alarm', { exact: true }),
  ).toBeVisible();
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Select alarm/ }) });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell', { name: 'backlog-was-hot', exact: true })).toBeVisible();

  await active.click();
  await expect(page).toHaveURL(/\/alarms\?state=unacknowledged$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell', { name: 'backlog-hot', exact: true })).toBeVisible();

  // Acknowledging the returned one takes it off its count and the title.
  await page.getByRole('link', { name: 'Show all open alarms' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: /^Acknowledge alarm \d+ on backlog-was-hot$/ }).click();
  await expect(page.getByRole('link', { name: '0 returned unacknowledged alarms' })).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);
});
