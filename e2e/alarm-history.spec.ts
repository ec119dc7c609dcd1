// The Alarms page's History end to end (docs/alarms.md): filters, the CSV export (and its sign-out when the
// session has ended), and its layout on a tablet and a phone.
import { readFileSync } from 'node:fs';
import { expect, signInAsAdmin, test } from './fixtures';
import { canReport as report, ingest, ownProbesOnSharedServer } from './probe-reports';

ownProbesOnSharedServer('before each test');

test('History filters by probe and exports the same alarms as CSV', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [report('al-other', 61), report('al-hist', 64), report('al-hist', 30), report('al-hist', 50)]);
  await signInAsAdmin(page, server, '/alarms');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByText('Last hour', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Last hour' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Probe' }).fill('al-hist');
  const history = page.getByRole('table', { name: 'Alarms' });
  await expect(history.getByRole('row')).toHaveCount(3); // header + two alarms
  await expect(history.getByRole('cell', { name: 'al-other', exact: true })).toHaveCount(0);
  // The summary covers the range (all probes); the list and the export follow the filters.
  await expect(page.getByRole('region', { name: 'Summary' }).getByText(/^Total \d+$/)).toBeVisible();

  // The button fetches the file (a lost session signs out), then hands it to the browser under the server's name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^BPM_alarms_.+\.csv$/);
  const file = await download.path();
  const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]!.startsWith('id,probeID,event,eventType,state')).toBe(true);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.split(',')[1] === 'al-hist')).toBe(true);
});

test('on a tablet held landscape the History’s times wrap between day and time, so the message has the room', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [report('al-narrow', 62), report('al-narrow', 30)]);
  await signInAsAdmin(page, server, '/alarms');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('textbox', { name: 'Probe' }).fill('al-narrow');
  const table = page.getByRole('table', { name: 'Alarms' });
  const row = table.getByRole('row').filter({ hasText: 'al-narrow' });
  const cellBox = async (column: number) => (await row.getByRole('cell').nth(column).boundingBox())!;
  await page.setViewportSize({ width: 1024, height: 768 });
  // The filter applies after a pause: measure once the table holds only this probe's alarm (and the header).
  await expect(table.getByRole('row')).toHaveCount(2);
  // State, Probe, Alarm, Raised, Cleared: the message is wider than either time, which takes two lines. Polled: the
  // table lays itself out again after the resize, which a loaded machine can leave for a later frame.
  await expect
    .poll(async () => {
      const [message, raised, cleared] = [await cellBox(2), await cellBox(3), await cellBox(4)];
      return message.width > raised.width && message.width > cleared.width;
    })
    .toBe(true);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  // With room to spare, a time stays on one line.
  await page.setViewportSize({ width: 1400, height: 900 });
  const raisedCell = row.getByRole('cell').nth(3);
  await expect
    .poll(async () => {
      const day = await raisedCell.getByText(/^\d{4}-\d\d-\d\d$/).boundingBox();
      const time = await raisedCell.getByText(/^\d\d:\d\d:\d\d/).boundingBox();
      return time!.y - day!.y;
    })
    .toBe(0);
});

test('Export CSV after the session has ended goes to the sign-in page, not a failed download', async ({ page, server }) => {
  await signInAsAdmin(page, server);
  await page.goto('/alarms');
  // The open alarms come from the live feed (docs/live-feed.md (Alarms)): the page asks for nothing a 401 could answer.
  // Whether any is open depends on what earlier tests on this server left: either answer says the list has come.
  await expect(page.getByText(/^(\d+ open alarms?|No open alarms\.)$/)).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('region', { name: 'Summary' }).getByText(/^Total \d+$/)).toBeVisible();
  await expect(page.getByText('Loading alarms...')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone every History range is in view and can be chosen', async ({ page, server }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signInAsAdmin(page, server, '/alarms');
  await page.getByRole('tab', { name: 'History' }).click();
  for (const range of ['Last hour', 'Last 8 hours', 'Last 24 hours', 'Last 7 days', 'Custom']) {
    await expect(page.getByText(range, { exact: true }), range).toBeInViewport({ ratio: 1 });
  }
  await page.getByText('Custom', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(page.getByLabel('From')).toBeVisible();
});

test('on a phone the History’s alarms are cards that fit the screen, with every fact the table shows', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [report('al-phone', 63), report('al-phone', 30)]);
  await page.setViewportSize({ width: 400, height: 800 });
  await signInAsAdmin(page, server, '/alarms');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('textbox', { name: 'Probe' }).fill('al-phone');
  const card = page.getByRole('list', { name: 'Alarms' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Returned');
  await expect(card).toContainText('Critical');
  // \s: a number and its unit are joined by a no-break space, so that they wrap together.
  await expect(card.getByText(/^al-phone: Internal temperature 63(\.0)?\s°C above alarm \d+\s°C$/)).toBeVisible();
  await expect(card.getByText(/^Raised .+ · Cleared .+$/)).toBeVisible();
  await expect(card.getByText(/ · peak\s63\.0\s°C$/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport({ ratio: 1 });
  // Nothing waits behind a sideways scroll: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
});
