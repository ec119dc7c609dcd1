// Colour only for the abnormal (ISA-101, docs/operator-screen.md): Normal rows without green (ticks, link icons, the
// watchdog ring), the Probe States Normal ring grey, the Warning count grey at 0, and the "Unacknowledged" marker in its alarm's own priority colour.
import { expect, signIn, test } from './fixtures';
import { criticalReadings, ingest, ownProbesOnSharedServer, probeReport } from './probe-reports';
import { probeRow } from './probe-table';

test.describe.configure({ mode: 'serial' });

ownProbesOnSharedServer('before each test');

const green7 = 'rgb(55, 178, 77)';
const grey6 = 'rgb(134, 142, 150)';

test('a Normal row has no green and the Warning count is grey at 0', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [probeReport('calm-1')]);
  await signIn(page, 'admin', server.adminPassword);
  const row = probeRow(page, 'calm-1');
  await expect(row.getByRole('img', { name: 'Normal' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Normal' })).not.toHaveCSS('color', green7);
  await expect(row.getByRole('img', { name: 'Connected' })).not.toHaveCSS('color', green7);
  // The watchdog ring of a probe reporting on time is grey, not green.
  await expect(
    row
      .getByRole('img', { name: /^Watchdog \d+ s left$/ })
      .locator('circle')
      .nth(1),
  ).toHaveAttribute('stroke', grey6);
  // The pack's journey link is not a coloured link.
  const link = row.getByRole('link', { name: 'Monitoring Pack 2291' });
  await expect(link).toHaveCSS('color', await link.evaluate((e) => getComputedStyle(e.parentElement!).color));
  // Probe States: the Normal share is a grey ring, not a green one.
  const normalRing = page.getByRole('img', { name: /^Normal 1 of 1 / });
  await expect(normalRing.locator('circle').nth(1)).toHaveCSS('stroke', grey6);
  const warningPill = page.getByLabel('Warning: 0');
  const criticalPill = page.getByLabel('Critical: 0');
  const greyBackground = await criticalPill.evaluate((e) => getComputedStyle(e).backgroundColor);
  await expect(warningPill).toHaveCSS('background-color', greyBackground);
});

test('the Unacknowledged marker is amber on a Warning and red on a Critical', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [
    probeReport('amber-1', { batteryPercentage: 15 }),
    probeReport('red-1', { readings: criticalReadings }),
  ]);
  await signIn(page, 'admin', server.adminPassword);
  const amber = probeRow(page, 'amber-1').getByText('Unacknowledged');
  await expect(amber).toBeVisible();
  await expect(amber.locator('xpath=ancestor::*[contains(@class,"Badge-root")][1]')).toHaveCSS(
    'background-color',
    'rgb(252, 196, 25)',
  );
  await expect(
    probeRow(page, 'red-1').getByText('Unacknowledged').locator('xpath=ancestor::*[contains(@class,"Badge-root")][1]'),
  ).toHaveCSS('background-color', 'rgb(201, 42, 42)');
});
