// Open alarms end to end (docs/alarms.md): an overheating probe's row and the top-bar count, an
// acknowledgement by a second browser seen live by the first from the feed alone, a shelve that hides the alarm from the probe's
// state until it is unshelved, suppression by the assignment, a long backlog, tablets and axe.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createUserWithRole, expect, signInAs, signInAsAdmin, test } from './fixtures';
import { canReport as report, ingest, ownProbesOnSharedServer } from './probe-reports';
import { probeRow } from './probe-table';
import { turnTheWheel } from './scrolling';

test.describe.configure({ mode: 'serial' });

const unacknowledgedCount = (page: Page) => page.getByRole('link', { name: /^\d+ active unacknowledged alarms?$/ });

ownProbesOnSharedServer('before the first test');

test('an overheating probe is unacknowledged until a second browser acknowledges it, seen by the first from the live feed alone', async ({
  page,
  browser,
  adminApi,
  server,
}) => {
  // The first browser may not list alarms over REST: the open alarms, and their acknowledgement, come from the feed
  // (docs/live-feed.md (Alarms)).
  const alarmLists: string[] = [];
  await page.route(/\/api\/alarms(\?|$)/, (route) => {
    alarmLists.push(route.request().url());
    return route.abort();
  });
  await signInAsAdmin(page, server);
  await expect(unacknowledgedCount(page)).toBeVisible();
  const before = Number(/\d+/.exec((await unacknowledgedCount(page).textContent()) ?? '')?.[0]);

  await ingest(adminApi, [report('al-hot', 61)]);
  await expect(probeRow(page, 'al-hot').getByText('Unacknowledged')).toBeVisible();
  await expect(
    page.getByRole('link', { name: `${before + 1} active unacknowledged ${before + 1 === 1 ? 'alarm' : 'alarms'}` }),
  ).toBeVisible();

  const supervisor = await createUserWithRole(adminApi, 'Supervisor', { firstName: 'Sam', lastName: 'Supervisor' });
  const second = await browser.newContext();
  try {
    const other = await second.newPage();
    await signInAs(other, server, supervisor.username, supervisor.password);
    await other.getByRole('link', { name: /active unacknowledged alarm/ }).click();
    await expect(other).toHaveURL(/\/alarms\?state=unacknowledged$/);
    await other.getByRole('button', { name: /^Acknowledge alarm \d+ on al-hot$/ }).click();
    // The first browser sees it live, without a reload.
    await expect(probeRow(page, 'al-hot').getByText('Unacknowledged')).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: `${before} active unacknowledged ${before === 1 ? 'alarm' : 'alarms'}` }),
    ).toBeVisible();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Alarms' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'al-hot', exact: true }) });
    await expect(row.getByText('Acknowledged', { exact: true })).toBeVisible();
    expect(alarmLists).toEqual([]);
  } finally {
    await second.close();
  }
});

test('Probe Details lists the probe’s alarms with the state badge the Alarms page shows', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [report('al-details', 62)]);
  await signInAsAdmin(page, server);
  await page.getByRole('button', { name: 'Actions for al-details' }).click();
  await page.getByRole('menuitem', { name: 'Probe Details' }).click();
  const alarms = page.getByRole('dialog').getByRole('region', { name: 'Alarm history' }).getByRole('listitem');
  await expect(alarms).toHaveCount(1);
  await expect(alarms.getByText('Unacknowledged', { exact: true })).toBeVisible();
  await expect(alarms.getByText(/: Internal temperature 62(\.0)?\s°C above alarm \d+\s°C$/)).toBeVisible();

  // The probe's open alarms, each acknowledged where it is seen (docs/alarms.md (Web)).
  const open = page.getByRole('dialog').getByRole('region', { name: 'Open alarms' });
  await open.getByRole('button', { name: /^Acknowledge alarm \d+ on al-details$/ }).click();
  await expect(open.getByText('Acknowledged', { exact: true })).toBeVisible();
  await expect(open.getByRole('button', { name: /^Acknowledge alarm/ })).toHaveCount(0);
});

test('the Dashboard’s Unacknowledged marker opens the probe’s open alarms, acknowledged there from the keyboard', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [report('al-mark', 62)]);
  await signInAsAdmin(page, server);
  await probeRow(page, 'al-mark').getByRole('button', { name: 'Unacknowledged alarm of al-mark: acknowledge' }).focus();
  await page.keyboard.press('Enter');
  const open = page.getByRole('dialog', { name: 'Probe Details' }).getByRole('region', { name: 'Open alarms' });
  const acknowledge = open.getByRole('button', { name: /^Acknowledge alarm \d+ on al-mark$/ });
  await expect(acknowledge).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(open.getByText('Acknowledged', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(probeRow(page, 'al-mark').getByText('Unacknowledged')).toHaveCount(0);
  // The marker has gone with the acknowledgement: the focus comes back to the row's ⋮.
  await expect(page.getByRole('button', { name: 'Actions for al-mark' })).toBeFocused();
});

test('an operator sees alarms but the buttons are disabled', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [report('al-op', 62)]);
  const operator = await createUserWithRole(adminApi, 'Operator');
  await signInAs(page, server, operator.username, operator.password, '/alarms');
  await expect(page.getByRole('cell', { name: 'al-op', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Acknowledge alarm \d+ on al-op$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Shelve alarm \d+ on al-op$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Acknowledge selected' })).toBeDisabled();
});

test('alarms the probe assignment suppresses from the start wait apart, last and marked Suppressed; one shown before still waits', async ({
  page,
  adminApi,
  server,
}) => {
  // Between packs (not monitoring) its overheating is suppressed: an alarm nobody need act on.
  const betweenPacks = { buildStage: null, agv: null, batteryPack: null, expectingCANData: false };
  await ingest(adminApi, [report('al-waiting', 63)]);
  await ingest(adminApi, [{ ...report('al-between', 63), assignment: betweenPacks }]);
  await signInAsAdmin(page, server, '/alarms');
  const acknowledge = (probeID: string) =>
    page.getByRole('button', { name: new RegExp(`^Acknowledge alarm \\d+ on ${probeID}$`) });
  await expect(acknowledge('al-waiting')).toBeVisible();
  await expect(acknowledge('al-between')).toHaveCount(0);

  await page.getByRole('switch', { name: /^Show \d+ suppressed by the probe assignment$/ }).check();
  const suppressed = page.getByRole('row').filter({ has: acknowledge('al-between') });
  await expect(suppressed.getByText('Suppressed', { exact: true })).toBeVisible();
  await expect(suppressed.getByText('Suppressed by the probe assignment')).toBeVisible();
  await expect(suppressed.getByText('Unacknowledged')).toHaveCount(0);
  // After the alarm that waits for someone, though it is the newer one.
  const waiting = page.getByRole('row').filter({ has: acknowledge('al-waiting') });
  expect((await suppressed.boundingBox())!.y).toBeGreaterThan((await waiting.boundingBox())!.y);

  // Shown first, then suppressed (its pack taken off the AGV while hot): it still waits for someone, and is counted.
  const count = Number(/\d+/.exec((await unacknowledgedCount(page).textContent()) ?? '')?.[0]);
  await ingest(adminApi, [{ ...report('al-waiting', 63), assignment: betweenPacks }]);
  await expect(waiting.getByText('Suppressed by the probe assignment')).toBeVisible();
  await expect(waiting.getByText('Unacknowledged', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `${count} active unacknowledged ${count === 1 ? 'alarm' : 'alarms'}` }),
  ).toBeVisible();
});

test('a shelved alarm leaves the probe’s state and comes back, live, when the shelve ends', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [report('al-shelf', 63)]);
  await signInAsAdmin(page, server);
  await expect(probeRow(page, 'al-shelf').getByRole('img', { name: 'Critical' })).toBeVisible();
  await page.goto('/alarms');
  await page.getByRole('button', { name: /^Shelve alarm \d+ on al-shelf$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Shelve alarm' });
  await dialog.getByRole('combobox', { name: 'Duration' }).selectOption({ label: '1 minute' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Thermocouple being replaced');
  await dialog.getByRole('button', { name: 'Shelve' }).click();
  await expect(dialog).toBeHidden();
  const unshelve = page.getByRole('button', { name: /^Unshelve alarm \d+ on al-shelf$/ });
  await expect(unshelve).toBeVisible();
  const alarmId = /^Unshelve alarm (\d+)/.exec((await unshelve.getAttribute('aria-label'))!)![1];

  await page.goto('/dashboard');
  await expect(probeRow(page, 'al-shelf').getByRole('img', { name: 'Normal' })).toBeVisible();
  // The shelve ends (here by a supervisor's DELETE; at expiry the server does the same, which alarms.test.ts
  // checks with its clock moved a minute on): the open dashboard shows it back, unacknowledged.
  expect((await adminApi.delete(`alarms/${alarmId}/shelve`)).ok()).toBeTruthy();
  await expect(probeRow(page, 'al-shelf').getByRole('img', { name: 'Critical' })).toBeVisible();
  await expect(probeRow(page, 'al-shelf').getByText('Unacknowledged')).toBeVisible();
});

test('the Roles page shows the Alarms permission like the others', async ({ page, adminApi, server }) => {
  const roles = (await (await adminApi.get('roles')).json()) as { id: number; name: string }[];
  const supervisor = roles.find((role) => role.name === 'Supervisor')!;
  await signInAsAdmin(page, server, `/roles#${supervisor.id}`);
  const alarms = page.getByRole('listitem', { name: 'Alarms' });
  await expect(alarms.getByText('UPDATE', { exact: true })).toBeVisible();
  await expect(alarms.getByText('WRITE', { exact: true })).toBeVisible();
  await expect(alarms.getByText('READ', { exact: true })).toBeVisible();
  await expect(alarms.getByText('DELETE', { exact: true })).toHaveCount(0);
});

test('a backlog of open alarms: the oldest is reached by scrolling and acknowledged from the bar, and Select all covers those off screen', async ({
  page,
  adminApi,
  server,
}) => {
  const backlog = Array.from({ length: 150 }, (_, i) => `al-many-${String(i).padStart(3, '0')}`);
  await ingest(
    adminApi,
    backlog.map((probeID) => report(probeID, 61)),
  );
  await signInAsAdmin(page, server, '/alarms');
  const summary = page.getByText(/^\d+ open alarms$/);
  await expect(summary).toBeVisible();
  const open = Number(/\d+/.exec((await summary.textContent())!)![0]);
  expect(open).toBeGreaterThanOrEqual(backlog.length);
  // A screen reader hears how many rows the table has (the header and every open alarm).
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(open + 1));
  // One line a row at 1400 px: at least 18 in view at 1400×900 (docs/alarms.md (Web)).
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Select alarm/ }) });
  const rowBoxes = () => rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect()));
  await expect.poll(async () => (await rowBoxes()).filter((box) => box.bottom <= 900).length).toBeGreaterThanOrEqual(18);
  expect(Math.max(...(await rowBoxes()).map((box) => box.height))).toBeLessThanOrEqual(40);

  /** Scrolls down, as a user does, until `target` is on screen. */
  const scrollTo = async (target: Locator) => {
    for (let step = 0; step < 80 && !(await target.isVisible()); step++) await turnTheWheel(page, 700);
    // Rows just below the screen are already in the page: the last bit of scrolling brings it into view.
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport();
  };
  await page.mouse.move(700, 450);
  const firstRaised = page.getByRole('button', { name: /^Acknowledge alarm \d+ on al-many-000$/ });
  await scrollTo(firstRaised);
  // Far down the list, the columns are still named: the header stays under the bar.
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
  // Keyboard focus moving up the list scrolls each control into view below the bar and the header, not behind them.
  const header = (await page.getByRole('columnheader', { name: 'Actions' }).boundingBox())!;
  await firstRaised.focus();
  // The page notes where each control the focus reaches ends up once scrolled to (the frame after the focus moves);
  // the tops are read once, after the last step.
  await page.evaluate(() => {
    const tops: number[] = [];
    (window as unknown as { focusTops: number[] }).focusTops = tops;
    document.addEventListener('focusin', (event) =>
      requestAnimationFrame(() => tops.push((event.target as Element).getBoundingClientRect().top)),
    );
  });
  for (let step = 0; step < 45; step++) await page.keyboard.press('Shift+Tab');
  const readTops = () => page.evaluate(() => (window as unknown as { focusTops: number[] }).focusTops);
  await expect.poll(async () => (await readTops()).length).toBe(45);
  (await readTops()).forEach((top, step) =>
    expect(top, `focus after ${step + 1} steps up`).toBeGreaterThanOrEqual(header.y + header.height - 1),
  );
  // Back down to the oldest: fifteen rows up, its row may have left the page (only rows near the screen are in it).
  const selectOldest = page.getByRole('checkbox', { name: /^Select alarm \d+ on al-many-000$/ });
  await scrollTo(selectOldest);
  // Chosen far down the list, acknowledged from the bar that stays under the top bar.
  await selectOldest.check();
  const acknowledgeOne = page.getByRole('button', { name: 'Acknowledge selected (1)' });
  await expect(acknowledgeOne).toBeInViewport();
  await acknowledgeOne.click();
  await expect(firstRaised).toHaveCount(0);

  // The History's header stays in view down its long list too.
  await page.getByRole('tab', { name: 'History' }).click();
  await scrollTo(page.getByRole('table', { name: 'Alarms' }).getByRole('row').filter({ hasText: 'al-many-020' }));
  await expect(page.getByRole('columnheader', { name: 'Acknowledged by' })).toBeInViewport({ ratio: 1 });
  // Only the rows near the screen are in the page; assistive technology hears how many are loaded.
  const history = page.getByRole('table', { name: 'Alarms' });
  const loaded = Number(await history.getAttribute('aria-rowcount')) - 1;
  expect(loaded).toBeGreaterThanOrEqual(130); // newest first: al-many-149 down to al-many-020, in pages of 50
  expect(await history.getByRole('row').count()).toBeLessThan(loaded / 2);

  // On a phone the cards scroll the same way.
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('/alarms');
  await page.mouse.move(200, 400);
  await scrollTo(
    page.getByRole('list', { name: 'Open alarms' }).getByRole('button', { name: /^Acknowledge alarm \d+ on al-many-001$/ }),
  );
  // Readable: nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);

  // Select all takes every alarm, not only the rows on screen: nothing is left to acknowledge afterwards.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/alarms');
  await page.getByRole('checkbox', { name: 'Select all alarms that can be acknowledged' }).check();
  const acknowledgeSelected = page.getByRole('button', { name: /^Acknowledge selected \(\d+\)$/ });
  const selected = Number(/\((\d+)\)/.exec((await acknowledgeSelected.textContent())!)![1]);
  expect(selected).toBeGreaterThanOrEqual(backlog.length - 1);
  await acknowledgeSelected.click();
  // More than 10 at once: confirmed, with a comment stored with each acknowledgement (docs/alarms.md (Web)).
  const confirm = page.getByRole('dialog', { name: `Acknowledge ${selected} alarms` });
  const submit = confirm.getByRole('button', { name: `Acknowledge ${selected} alarms` });
  await expect(submit).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Comment' }).fill('Coolant failure at Busbar welding, packs checked');
  await submit.click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('link', { name: '0 active unacknowledged alarms' })).toBeVisible();
  await expect(page.getByRole('link', { name: '0 returned unacknowledged alarms' })).toBeVisible();
  await page.mouse.move(700, 450);
  await turnTheWheel(page, 1_000_000);
  await expect(page.getByRole('button', { name: /^Acknowledge alarm \d+ on / })).toHaveCount(0);
  const [stored] = (await (await adminApi.get('alarms?probeID=al-many-100')).json()) as { ackComment: string | null }[];
  expect(stored!.ackComment).toBe('Coolant failure at Busbar welding, packs checked');
});

test('on a tablet held landscape every column of the open alarms fits, and the state never covers the probe', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [report('al-tablet', 61)]);
  await signInAsAdmin(page, server);
  for (const width of [1024, 1100, 1400]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto('/alarms');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Acknowledge alarm \d+ on al-tablet$/ }) });
    await expect(row.getByRole('button', { name: /^Shelve alarm/ }), `Shelve at ${width} px`).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: /^Acknowledge alarm/ })).toBeInViewport({ ratio: 1 });
    const state = await row.getByText('Critical', { exact: true }).boundingBox();
    const probe = await row.getByRole('cell', { name: 'al-tablet', exact: true }).boundingBox();
    expect(state!.x + state!.width, `the state's right edge and the probe cell at ${width} px`).toBeLessThanOrEqual(probe!.x);
  }
});

test('on a tablet held upright the open alarms are cards with every action in view, and Select all above them', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [report('al-upright', 61)]);
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInAsAdmin(page, server, '/alarms');
  const card = page
    .getByRole('list', { name: 'Open alarms' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Acknowledge alarm \d+ on al-upright$/ }) });
  await expect(card.getByRole('button', { name: /^Acknowledge alarm/ })).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole('button', { name: /^Shelve alarm/ })).toBeInViewport({ ratio: 1 });
  const selectAll = page.getByRole('checkbox', { name: 'Select all alarms that can be acknowledged' });
  await expect(page.getByText('Select all', { exact: true })).toBeVisible();
  await selectAll.check();
  await expect(card.getByRole('checkbox', { name: /^Select alarm \d+ on al-upright$/ })).toBeChecked();
  await expect(page.getByRole('button', { name: /^Acknowledge selected \(\d+\)$/ })).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
});

test('the Alarms page’s content has no serious or critical accessibility violations, at 1400 and 400 px', async ({
  page,
  server,
}) => {
  // One load: the widths and tabs are reached by resizing and clicking, and axe is read into the page once.
  await signInAsAdmin(page, server, '/alarms');
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  for (const width of [1400, 400]) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['Open alarms', 'History']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      const violations = await page.evaluate(async () => {
        type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
        const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<Result> } }).axe;
        // The page's own content (the top bar and the sidebar are the layout's, checked with every page), every rule;
        // only the violations are read, so axe leaves the passes out (docs/decisions/testing.md (Suite budget)).
        return (await axe.run(document.querySelector('main')!, { resultTypes: ['violations'] })).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, `${tab} at ${width} px`).toEqual([]);
    }
  }
});
