// Finding and working through open alarms end to end (docs/alarms.md): the Probe, Pack, Stage and Severity
// filters kept in the address, and the keyboard focus moving on after each Acknowledge.
import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './fixtures';
import { canReport as report, ingest, ownProbesOnSharedServer } from './probe-reports';

ownProbesOnSharedServer('before each test');

/** Reports for the filters and the focus tests: a stage and pack of their own (ids nobody else uses). */
const at = (probeID: string, stage: number, pack: number, overrides: Partial<ReturnType<typeof report>> = {}) => {
  const base = report(probeID, 62);
  return {
    ...base,
    assignment: {
      ...base.assignment,
      buildStage: { id: stage, name: `Stage ${stage}` },
      batteryPack: { id: pack, name: `Pack ${pack}` },
    },
    ...overrides,
  };
};

const listedProbes = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Select alarm/ }) })
    .locator('td:nth-child(3)')
    .allTextContents();

test('the open alarms filter by probe, pack, stage and severity, kept in the address', async ({ page, adminApi, server }) => {
  const lowBattery = { batteryPercentage: 15, readings: report('x', 30).readings };
  await ingest(adminApi, [at('al-f-a', 41, 4101), at('al-f-b', 41, 4102, lowBattery), at('al-f-c', 42, 4201)]);
  await signInAsAdmin(page, server, '/alarms');
  await page.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'Stage 41' });
  await expect.poll(() => listedProbes(page)).toEqual(['al-f-a', 'al-f-b']);
  await page.getByRole('combobox', { name: 'Severity' }).selectOption('Warning');
  await expect.poll(() => listedProbes(page)).toEqual(['al-f-b']);
  await expect(page).toHaveURL(/[?&]stageId=41&eventType=Warning$/);
  // Kept in the address: a reload, a bookmark or a link sent on shows the same list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('41');
  await expect.poll(() => listedProbes(page)).toEqual(['al-f-b']);
  await page.goto('/alarms?probeID=al-f-c');
  await expect.poll(() => listedProbes(page)).toEqual(['al-f-c']);
  await page.getByRole('link', { name: 'Show all open alarms' }).click();
  // The filter is picked once the whole list is back, as a user sees it before choosing.
  await expect.poll(() => listedProbes(page)).toEqual(expect.arrayContaining(['al-f-a', 'al-f-b', 'al-f-c']));
  await page.getByRole('combobox', { name: 'Pack' }).selectOption({ label: 'Pack 4101' });
  await expect.poll(() => listedProbes(page)).toEqual(['al-f-a']);
});

test('after Acknowledge the keyboard focus moves to the next alarm, or the previous after the last', async ({
  page,
  adminApi,
  server,
}) => {
  // Newest first: c, b, a.
  for (const probeID of ['al-next-a', 'al-next-b', 'al-next-c']) await ingest(adminApi, [at(probeID, 43, 4301)]);
  await signInAsAdmin(page, server, '/alarms?stageId=43');
  await expect.poll(() => listedProbes(page)).toEqual(['al-next-c', 'al-next-b', 'al-next-a']);
  const acknowledge = (probeID: string) =>
    page.getByRole('button', { name: new RegExp(`^Acknowledge alarm \\d+ on ${probeID}$`) });
  await acknowledge('al-next-b').focus();
  await page.keyboard.press('Enter');
  await expect(acknowledge('al-next-a')).toBeFocused();
  await page.keyboard.press('Enter');
  // The last one to acknowledge in the list: back up to the one before.
  await expect(acknowledge('al-next-c')).toBeFocused();
  await page.keyboard.press('Enter');
  // None left: the list itself.
  await expect(page.getByRole('table')).toBeFocused();
  await expect(page.getByRole('button', { name: /^Acknowledge alarm/ })).toHaveCount(0);
});
