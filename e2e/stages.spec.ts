// "Which packs are in danger?" (docs/screens.md (Stage summary)): Stage and Pack in the table and the cards,
// sortable and filterable, the stage filter kept in the URL, and the strip of stages with abnormal probes.
import type { ProbeReportInput } from '@bpm/protocol';
import { expect, signIn, test } from './fixtures';
import { criticalReadings, ingest, ownProbesOnSharedServer, probeReport } from './probe-reports';
import { probeIDsInTable, probeRow, probeTable } from './probe-table';

test.describe.configure({ mode: 'serial' });

ownProbesOnSharedServer('before each test');

const at = (stage: { id: number; name: string }, pack: string, critical = false): Partial<ProbeReportInput> => ({
  assignment: {
    buildStage: stage,
    agv: { id: 1, name: 'AGV-1' },
    batteryPack: { id: Number(pack.replace(/\D/g, '')), name: pack },
    expectingCANData: true,
  },
  ...(critical ? { readings: criticalReadings } : {}),
});
const sealing = { id: 7, name: 'Pack sealing' };
const welding = { id: 3, name: 'Busbar welding' };

async function flood(adminApi: Parameters<typeof ingest>[0]) {
  await ingest(adminApi, [
    probeReport('st-1', at(sealing, 'Pack 11', true)),
    probeReport('st-2', at(sealing, 'Pack 12', true)),
    probeReport('st-3', at(welding, 'Pack 31', true)),
    probeReport('st-4', at(welding, 'Pack 32')),
    probeReport('st-5', at(welding, 'Pack 33')),
  ]);
}

test('rows show their stage and pack, sort by them, and the strip names the stages in danger, worst first', async ({
  page,
  adminApi,
  server,
}) => {
  await flood(adminApi);
  await signIn(page, 'admin', server.adminPassword);
  const row = probeRow(page, 'st-1');
  await expect(row.getByRole('cell', { name: 'Pack sealing', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Pack 11', exact: true })).toBeVisible();

  const strip = page.getByRole('group', { name: 'Stages with abnormal probes' });
  await expect(strip.getByRole('button')).toHaveText(['Pack sealing: 2 Critical', 'Busbar welding: 1 Critical']);

  await probeTable(page).getByRole('columnheader', { name: 'Pack' }).click();
  await expect.poll(() => probeIDsInTable(page)).toEqual(['st-1', 'st-2', 'st-3', 'st-4', 'st-5']);
  await probeTable(page).getByRole('columnheader', { name: 'Stage' }).click();
  await expect.poll(() => probeIDsInTable(page)).toEqual(['st-3', 'st-4', 'st-5', 'st-1', 'st-2']);
  await page.mouse.move(0, 0);

  // The filter box matches the pack's name too.
  await page.getByLabel('Filter probes').fill('pack 3');
  await expect.poll(() => probeIDsInTable(page)).toEqual(['st-3', 'st-4', 'st-5']);
  await page.getByLabel('Filter probes').fill('');

  // A stage in the strip filters the table to it, and the URL says so.
  await strip.getByRole('button', { name: 'Pack sealing: 2 Critical' }).click();
  await expect(page).toHaveURL(/\/dashboard\?stage=7$/);
  await expect.poll(() => probeIDsInTable(page)).toEqual(['st-1', 'st-2']);
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('7');
  await page.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'All stages' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => probeIDsInTable(page)).toHaveLength(5);
});

test('the Dashboard opened at ?stage= shows only that stage', async ({ page, adminApi, server }) => {
  await flood(adminApi);
  await signIn(page, 'admin', server.adminPassword);
  await page.goto('/dashboard?stage=3');
  await expect.poll(() => probeIDsInTable(page)).toEqual(['st-3', 'st-4', 'st-5']);
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('3');
});

test('at 400 px each card shows its stage and pack', async ({ page, adminApi, server }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await flood(adminApi);
  await signIn(page, 'admin', server.adminPassword);
  const card = page.getByRole('listitem', { name: 'st-1, Critical' });
  await expect(card.getByText('Pack sealing', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(card.getByText('Pack 11', { exact: true })).toBeInViewport({ ratio: 1 });
  await page.getByRole('group', { name: 'Stages with abnormal probes' }).getByRole('button', { name: /^Busbar welding/ }).click();
  await expect(page.getByRole('list', { name: 'Probes' }).getByRole('listitem')).toHaveCount(3);
});
