// At 400 px (docs/operator-screen.md "Tablet and phone"): probes as cards, top-bar counts whole, modals usable.
import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './fixtures';
import { criticalReadings, ingest, ownProbesOnSharedServer, probeReport } from './probe-reports';

test.use({ viewport: { width: 400, height: 800 } });

ownProbesOnSharedServer('before each test');

const insideViewport = async (page: Page, selector: ReturnType<Page['getByRole']>) => {
  const box = (await selector.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= 400;
};

test('probes are cards with ID, state, the unacknowledged marker, first event, temperatures, watchdog, battery and ⋮', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [
    probeReport('card-critical', { readings: criticalReadings, batteryPercentage: 64.5 }),
    probeReport('card-ok'),
  ]);
  await signInAsAdmin(page, server);
  await expect(page.getByRole('table', { name: 'Probes' })).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Probes' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  // The probes start within the first screen: the rings on one line, the thresholds after the probes.
  expect((await cards.first().boundingBox())!.y).toBeLessThanOrEqual(300);
  await expect(page.getByRole('heading', { name: 'System Information' })).toBeAttached();
  const card = page.getByRole('listitem', { name: 'card-critical, Critical' });
  await expect(card).toHaveText(/card-critical/);
  await expect(card.getByRole('img', { name: 'Critical' })).toBeVisible();
  // Its alarm waits for acknowledgement, as the table's row would say; the normal probe's card has no marker.
  await expect(card.getByText('Unacknowledged')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'card-ok, Normal' }).getByText('Unacknowledged')).toHaveCount(0);
  await expect(card.getByText('Internal temperature 61.3 °C above alarm 55 °C')).toBeVisible();
  await expect(card.getByText('30.0 °C')).toBeVisible();
  await expect(card.getByText('61.3 °C', { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: /^Watchdog/ })).toBeVisible();
  await expect(card.getByText('64%')).toBeVisible();
  expect(await insideViewport(page, card)).toBe(true);

  await card.getByRole('button', { name: 'Actions for card-critical' }).click();
  await page.getByRole('menuitem', { name: 'Probe Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Probe Details' });
  await expect(dialog.getByText('Firmware Version: 2.4.1')).toBeVisible();
  expect(await insideViewport(page, dialog)).toBe(true);
  // The temperature history loads after the dialog opens and grows it; close once it has, so the button stays put.
  await expect(dialog.getByLabel(/^Loading/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A tablet held upright (768 px): the cards in two columns, side by side.
  // Polled: the list lays itself out again after the resize, which a loaded machine can leave for a later frame.
  await page.setViewportSize({ width: 768, height: 1024 });
  const okCard = page.getByRole('listitem', { name: 'card-ok, Normal' });
  await expect
    .poll(async () => {
      const [ok, critical] = [(await okCard.boundingBox())!, (await card.boundingBox())!];
      return ok.y === critical.y && Math.abs(ok.x - critical.x) > 300;
    })
    .toBe(true);
});

test('the top-bar counts are whole at 400 px, beside the initials', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [
    probeReport('bar-1', { readings: criticalReadings }),
    ...Array.from({ length: 12 }, (_, i) => probeReport(`bar-n${i}`)),
  ]);
  await signInAsAdmin(page, server);
  const critical = page.getByLabel('Critical: 1');
  await expect(critical).toBeVisible();
  await expect(page.getByLabel('Normal: 12')).toBeVisible();
  for (const pill of [page.getByLabel('Normal: 12'), page.getByLabel('Warning: 0'), critical]) {
    expect(await pill.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  }
  const pillBox = (await critical.boundingBox())!;
  const initialsBox = (await page.getByRole('link', { name: /\(Account\)$/ }).boundingBox())!;
  expect(pillBox.x + pillBox.width).toBeLessThanOrEqual(initialsBox.x);
});
