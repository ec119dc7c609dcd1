// The held order (docs/operator-screen.md "Rows that hold still"): a probe turning Critical is pinned to the top
// even while held, "N new Critical — show" ends the hold, and a pointer left still stops holding after ~5 s.
import { expect, signIn, test } from './fixtures';
import { criticalReadings, ingest, ownProbesOnSharedServer, probeReport } from './probe-reports';
import { probeIDsInTable, probeRow } from './probe-table';

test.describe.configure({ mode: 'serial' });

ownProbesOnSharedServer('before each test');

test('a probe turning Critical under the pointer goes to the top, and "1 new Critical — show" releases the hold', async ({
  page,
  adminApi,
  server,
}) => {
  await ingest(adminApi, [probeReport('pin-a'), probeReport('pin-b'), probeReport('pin-c')]);
  await signIn(page, 'admin', server.adminPassword);
  await expect.poll(() => probeIDsInTable(page)).toEqual(['pin-a', 'pin-b', 'pin-c']);

  await probeRow(page, 'pin-a').hover();
  await ingest(adminApi, [probeReport('pin-b', { batteryPercentage: 15 }), probeReport('pin-c', { readings: criticalReadings })]);
  await expect(probeRow(page, 'pin-b').getByRole('img', { name: 'Warning' })).toBeVisible();
  // The Critical one is pinned at once; the Warning waits for the hold to end.
  await expect.poll(() => probeIDsInTable(page)).toEqual(['pin-c', 'pin-a', 'pin-b']);
  // A pointer still for ~5 s ends the hold by itself (the next test); on a loaded machine the steps above can take that
  // long, so the pointer moves within the row, as a hand does, before the button is clicked.
  await probeRow(page, 'pin-a').hover({ position: { x: 12, y: 6 } });
  const show = page.getByRole('button', { name: '1 new Critical — show' });
  await expect(show).toBeVisible();
  await show.click();
  await expect.poll(() => probeIDsInTable(page)).toEqual(['pin-c', 'pin-b', 'pin-a']);
  await expect(show).toBeHidden();
});

test('a pointer left still over the table stops holding the order', async ({ page, adminApi, server }) => {
  await ingest(adminApi, [probeReport('idle-a'), probeReport('idle-b')]);
  await signIn(page, 'admin', server.adminPassword);
  await expect.poll(() => probeIDsInTable(page)).toEqual(['idle-a', 'idle-b']);
  await probeRow(page, 'idle-a').hover();
  await ingest(adminApi, [probeReport('idle-b', { batteryPercentage: 15 })]);
  await expect(page.getByText(/^Order held/)).toBeVisible();
  // Without moving the pointer, the order applies by itself (about 5 s).
  await expect.poll(() => probeIDsInTable(page), { timeout: 10_000 }).toEqual(['idle-b', 'idle-a']);
  await expect(page.getByText(/^Order held/)).toBeHidden();
});
