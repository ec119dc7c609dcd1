// An outage keeps the operator signed in (docs/screens.md (Route guard)): a page opened while the server is down
// opens inside the layout under the "Live data lost" banner, and once the server is back the feed returns by
// itself within the capped backoff (docs/live-feed.md (Connection status)).
import { expect, test } from '@playwright/test';
import { adminContext } from './fixtures';
import { startTestServer, type RunningServer } from './server';
import { ingest, probeReport } from './probe-reports';

let server: RunningServer;

test.beforeEach(async () => {
  server = await startTestServer();
});

test.afterEach(async () => {
  await server.stop();
});

test('a page opened during an outage keeps the session, and the feed is live again within 6 s of the server', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await adminContext(playwright, server);
  await ingest(api, [probeReport('outage-1')]);
  await api.dispose();

  // The page's own clock, so the wait for the screens' prefetch (20 s after the layout, router.tsx) is skipped;
  // time flows as usual otherwise, the reconnect backoff included.
  await page.clock.install();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('img', { name: 'Connection Established' })).toBeVisible();
  // Signed in 20 s: the layout has fetched every screen while idle (router.tsx prefetchPages).
  const aboutFetched = page.waitForResponse((response) => response.url().includes('/assets/about-page'), { timeout: 10_000 });
  await page.clock.fastForward(20_000);
  await aboutFetched;

  const { port, dataDir } = server;
  await server.stop({ keepData: true });
  const banner = page.getByRole('alert').filter({ hasText: /^Live data lost at \d{2}:\d{2}:\d{2} — reconnecting…/ });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reconnect now' })).toBeVisible();

  // Another page while the server is down (from the sidebar, in view at 1400 px): the layout stays, with the banner,
  // not the Login page.
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'BPM / About' })).toBeVisible();
  await expect(banner).toBeVisible();

  // Down long enough for an uncapped backoff (1, 2, 4, 8, 16 s …) to wait far beyond the server's return: the page's
  // clock runs through 16 s of it in steps (each failed attempt schedules the next on that clock) instead of the test
  // waiting them out; from the server's return the clock flows as usual again.
  for (let step = 0; step < 8; step++) {
    await page.clock.fastForward(2000);
    await page.waitForTimeout(100);
  }
  await expect(page).toHaveURL(/\/about$/);
  server = await startTestServer({}, { port, dataDir });
  await expect(page.getByRole('img', { name: 'Connection Established' })).toBeVisible({ timeout: 6000 });
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveURL(/\/about$/);
  // Still signed in: the Dashboard opens with its probes.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('table', { name: 'Probes' }).getByRole('cell', { name: 'outage-1', exact: true })).toBeVisible();
});
