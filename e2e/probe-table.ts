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

type Rgb = [number, number, number];

/**
 * A watchdog ring as seen: its label, and the colours its canvas shows at points on the ring's circle (radius 12 of
 * the 30 px box), given in degrees clockwise from the top. Both are read in one page task, so they belong together.
 */
export const watchdogRingAt = (ring: Locator, degrees: number[]): Promise<{ label: string | null; colours: Rgb[] }> =>
  ring.evaluate((element, angles) => {
    const canvas = element.querySelector('canvas')!;
    const context = canvas.getContext('2d')!;
    const scale = canvas.width / canvas.clientWidth;
    const colours = angles.map((angle): Rgb => {
      const radians = (angle * Math.PI) / 180;
      const x = Math.floor((15 + 12 * Math.sin(radians)) * scale);
      const y = Math.floor((15 - 12 * Math.cos(radians)) * scale);
      const [r, g, b] = context.getImageData(x, y, 1, 1).data;
      return [r!, g!, b!];
    });
    return { label: element.getAttribute('aria-label'), colours };
  }, degrees);

/** The ring's colours by kind: its grey track, the countdown's green-to-amber, and the alert's red. */
export const isTrackGrey = ([r, g, b]: Rgb) => r > 200 && g > 200 && b > 200;
export const isCountdownColour = ([, g, b]: Rgb) => g > 150 && b < 110;
export const isAlertRed = ([r, g, b]: Rgb) => r > 200 && g < 100 && b < 100;
