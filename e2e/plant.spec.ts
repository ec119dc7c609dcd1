// The Plant page (docs/screens.md (Plant), design §18): the Line view's lanes and tiles, worst first, "+N more" opening the
// Dashboard at that stage; the Floor view over an uploaded plan, a dot named on hover and opened by a click, the probes
// without a position counted apart, and the List; axe on each (within the same tests: a page load and a sign-in fewer).
// One shared server, the probes ingested once.
import type { ProbeReportInput } from '@bpm/protocol';
import { seriousViolations } from './axe';
import { expect, signInAsAdmin, test } from './fixtures';
import { criticalReadings, ingest, ownProbesOnSharedServer, probeReport } from './probe-reports';
import { probeIDsInTable } from './probe-table';

test.describe.configure({ mode: 'serial' });
// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

ownProbesOnSharedServer('before the first test');

const welding = { id: 3, name: 'Busbar welding' };
const sealing = { id: 7, name: 'Pack sealing' };
/** The plan's corners; its centre is where pl-05 (Critical) reports from. */
const plan = { topLeft: { latitude: 52.41, longitude: -1.52 }, bottomRight: { latitude: 52.4, longitude: -1.5 } };
const centre = { latitude: 52.405, longitude: -1.51 };

const atStage = (n: number, stage: typeof welding, overrides: Partial<ProbeReportInput> = {}) =>
  probeReport(`pl-${String(n).padStart(2, '0')}`, {
    assignment: {
      buildStage: stage,
      agv: { id: n, name: `AGV-${n}` },
      batteryPack: { id: 100 + n, name: `Pack ${100 + n}` },
      expectingCANData: true,
    },
    latitude: 52.401 + n * 0.0005,
    longitude: -1.519 + n * 0.0005,
    ...overrides,
  });

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
  const reports = Array.from({ length: 10 }, (_, i) => atStage(i + 1, welding));
  reports[4] = atStage(5, welding, { readings: criticalReadings, ...centre });
  reports[6] = atStage(7, welding, {
    readings: [
      { origin: 'CAN', temperature: 48, valid: true },
      { origin: 'Thermocouple', temperature: 30, valid: true },
    ],
  });
  reports.push(atStage(11, sealing), probeReport('pl-12', { assignment: null }));
  await ingest(api, reports);
  await api.dispose();
});

test('the Line view: lanes by stage, tiles worst first, a tile opens Probe Details, a phone jumps to the worst lane and "+N more" opens the Dashboard at that stage', async ({
  page,
  server,
}) => {
  // Opened signed out: Login keeps /plant as where the sign-in lands (docs/screens.md (Login)).
  await page.goto('/plant');
  await expect(page).toHaveURL(/\/login\?next=%2Fplant$/);
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/plant$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BPM / Plant');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Busbar welding', 'Pack sealing', 'Not carrying a pack']);
  const lane = page.getByRole('region', { name: 'Busbar welding' });
  await expect(lane).toContainText('10 packs');
  await expect(lane).toContainText('worst Critical');
  // Room for eight: the seven worst, then "+3 more".
  const tiles = lane.getByRole('listitem');
  await expect(tiles).toHaveCount(8);
  const names = ['Pack 105', 'Pack 107', 'Pack 101', 'Pack 102', 'Pack 103', 'Pack 104', 'Pack 106'];
  for (const [i, name] of names.entries()) await expect(tiles.nth(i)).toContainText(name);
  const critical = tiles.first().getByRole('button');
  await expect(critical).toContainText('AGV-5');
  await expect(critical).toContainText('61.3 °C · 83%');
  await expect(critical).toHaveAccessibleName(/Critical/);
  // The overheating alarm waits for acknowledgement.
  await expect(critical).toContainText('Unack');
  expect(await seriousViolations(page), 'Line view').toEqual([]);

  await critical.click();
  const details = page.getByRole('dialog', { name: 'Probe Details' });
  await expect(details).toContainText('pl-05');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(critical).toBeFocused();

  // A phone stacks the lanes: a link first leads to the worst, its heading focused so that Tab goes on to its tiles.
  await page.setViewportSize({ width: 400, height: 800 });
  await page.getByRole('link', { name: 'Jump to Busbar welding (Critical)' }).click();
  await expect(page.getByRole('heading', { name: 'Busbar welding' })).toBeFocused();
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(page.getByRole('link', { name: /^Jump to/ })).toBeHidden();

  await lane.getByRole('link', { name: /^\+3 more/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?stage=3$/);
  await expect.poll(() => probeIDsInTable(page).then((ids) => ids.length)).toBe(10);
});

test('the Floor view: a plan uploaded, a dot named and opened, no position counted apart, and the List', async ({
  page,
  server,
  adminApi,
}) => {
  await signInAsAdmin(page, server, '/plant');
  await page.getByText('Floor', { exact: true }).click();
  await expect(page).toHaveURL(/\/plant\?view=floor$/);
  await expect(page.getByText('1 probe reports no position')).toBeVisible();
  await expect(page.getByText(/^No floor plan: grid of \d+ m squares$/)).toBeVisible();

  await page.getByRole('button', { name: 'Upload floor plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload floor plan' });
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#e9ecef"/></svg>';
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'hall.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  const corners: [string, number][] = [
    ['Top-left latitude', plan.topLeft.latitude],
    ['Top-left longitude', plan.topLeft.longitude],
    ['Bottom-right latitude', plan.topLeft.latitude],
    ['Bottom-right longitude', plan.bottomRight.longitude],
  ];
  for (const [label, value] of corners) await dialog.getByLabel(label).fill(String(value));
  // Both corners at one latitude: the server's refusal is shown as its own sentence.
  const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const refusal = await adminApi.put('plant/floor-plan', {
    data: { image, topLeft: plan.topLeft, bottomRight: { ...plan.bottomRight, latitude: plan.topLeft.latitude } },
  });
  expect(refusal.status()).toBe(400);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(((await refusal.json()) as { message: string }).message);
  await dialog.getByLabel('Bottom-right latitude').fill(String(plan.bottomRight.latitude));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Replace floor plan' })).toBeVisible();
  await expect(page.getByText(/^No floor plan/)).toBeHidden();
  expect(await seriousViolations(page), 'Floor view').toEqual([]);

  // The plan's centre is the canvas's centre (the plan is fitted by its corners, centred): pl-05 is there.
  const floor = page.getByRole('img', { name: /^Floor:/ });
  const box = (await floor.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('tooltip')).toHaveText('pl-05');
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'Probe Details' })).toContainText('pl-05');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/plant\?view=floor&list=1$/);
  const rows = page.getByRole('table', { name: 'Probes by state' }).getByRole('row');
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    'pl-05',
    'Pack 105',
    'Busbar welding',
    /^Critical/,
    '52.405000, -1.510000',
  ]);
  await expect(rows.nth(2).getByRole('cell').first()).toHaveText('pl-07');
  await expect(rows.filter({ hasText: 'pl-12' }).getByRole('cell')).toHaveText([
    'pl-12',
    'None',
    'None',
    'Normal',
    'No position',
  ]);
  expect(await seriousViolations(page), 'List').toEqual([]);
  await rows.nth(1).getByRole('button', { name: 'pl-05' }).click();
  await expect(page.getByRole('dialog', { name: 'Probe Details' })).toContainText('pl-05');
  await page.keyboard.press('Escape');
  // A probe deleted elsewhere while its details are open: they close, the focus on the view (not the page).
  await rows.filter({ hasText: 'pl-12' }).getByRole('button', { name: 'pl-12' }).click();
  await expect(page.getByRole('dialog', { name: 'Probe Details' })).toContainText('pl-12');
  expect((await adminApi.delete('probes/pl-12')).ok()).toBeTruthy();
  await expect(page.getByRole('dialog', { name: 'Probe Details' })).toBeHidden();
  await expect(page.locator('#plant-view')).toBeFocused();

  // Removed again: the floor is a grid once more (and the worker's other spec files find no plan).
  await page.getByRole('button', { name: 'List' }).click();
  await page.getByRole('button', { name: 'Remove floor plan' }).click();
  await page.getByRole('dialog', { name: 'Confirm Deletion: floor plan' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Upload floor plan' })).toBeVisible();
});
