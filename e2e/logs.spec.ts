// Logs page against the real server: entries appear, the filter asks the server, auto-refresh shows a
// new entry, and Download saves the pretty-printed JSON under the BPM_logs_… name.
import { readFile } from 'node:fs/promises';
import { expect, signInAsAdmin, test } from './fixtures';

test('logs appear, filter on the server, and auto-refresh shows a new entry', async ({ page, server, adminApi }) => {
  const marker = `probe-marker-${Date.now().toString(36)}`;
  await adminApi.get(`no-such-endpoint/${marker}-before`);
  await signInAsAdmin(page, server, '/logs');
  const log = page.getByRole('log', { name: 'Log entries' });
  await expect(log.getByText(/GET/).first()).toBeVisible();
  // Written just before the page was opened: in view without scrolling, not under the page load's own requests.
  await expect(log.getByText(`${marker}-before`)).toBeInViewport();
  await expect(log.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}/).first()).toBeVisible();

  await page.getByPlaceholder('Filter logs...').fill(marker);
  await expect(log.getByText(`${marker}-before`)).toBeVisible();
  await expect(log.getByText('/api/login')).toHaveCount(0);
  await expect(log.getByText('No more logs available')).toBeVisible();

  await page.getByLabel('Auto-refresh').check();
  await adminApi.get(`no-such-endpoint/${marker}-after`);
  await expect(log.getByText(`${marker}-after`)).toBeVisible();
  await expect(log.getByText(`${marker}-before`)).toHaveCount(1);
});

test('Download saves the logs as pretty-printed JSON named BPM_logs_{date-time}.json', async ({ page, server }) => {
  await signInAsAdmin(page, server, '/logs');
  await expect(page.getByRole('log', { name: 'Log entries' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^BPM_logs_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}-\d{3}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const entries = JSON.parse(text) as { ts: string; level: string; msg: string }[];
  expect(entries.length).toBeGreaterThan(0);
  expect(entries[0]).toEqual(
    expect.objectContaining({ ts: expect.any(String), level: expect.any(String), msg: expect.any(String) }),
  );
  expect(text).toBe(JSON.stringify(entries, null, 2));
});

test('scrolling to the end loads older pages until a page comes back short', async ({ page, server }) => {
  // The server holds few entries in a fresh data dir, so the pages come from a route mock of exactly 260.
  const requested: string[] = [];
  await page.route('**/api/system/logs?*', async (route) => {
    const params = new URL(route.request().url()).searchParams;
    const offset = Number(params.get('offset'));
    const limit = Number(params.get('limit'));
    requested.push(`${offset}/${limit}`);
    const entries = [];
    for (let n = 260 - offset; n > Math.max(0, 260 - offset - limit); n -= 1) {
      entries.push({ ts: `${1_795_000_000_000 + n}000000`, level: 'info', msg: `mock entry number ${n}` });
    }
    await route.fulfill({ json: entries });
  });
  await signInAsAdmin(page, server, '/logs');
  const log = page.getByRole('log', { name: 'Log entries' });
  await expect(log.getByText('mock entry number 260', { exact: true })).toBeVisible();
  for (let attempt = 0; attempt < 20 && !(await log.getByText('No more logs available').isVisible()); attempt += 1) {
    await log.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(100);
  }
  await expect(log.getByText('No more logs available')).toBeVisible();
  await expect(log.getByText('mock entry number 1', { exact: true })).toBeVisible();
  expect(requested.filter((request) => !request.startsWith('0/'))).toEqual(['200/50', '250/50']);
});
