// The Dashboard's Probes table as a user finds it: by its name, a row by its probe ID cell.
import type { Locator, Page } from '@playwright/test';

export const probeTable = (page: Page) => page.getByRole('table', { name: 'Probes' });

export const probeRow = (page: Page, probeID: string): Locator =>
  probeTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: probeID, exact: true }) });

/** The probe IDs of the table's rows, top to bottom. */
export const probeIDsInTable = async (page: Page) =>
  (await probeTable(page).getByRole('row').locator('[role=cell]:first-child').allTextContents()).filter(Boolean);
