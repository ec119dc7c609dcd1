// The screens and modals the accessibility sweep checks (e2e/accessibility.spec.ts): a route and, for a modal or
// drawer, how to open it and what shows it is open.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface View {
  name: string;
  path: string;
  /** Signed out (the login page) or as the seeded admin. */
  signedIn: boolean;
  /** Brings up what is checked (a modal, a drawer). */
  open?: (page: Page) => Promise<void>;
  /** Resolves once what is checked is on screen; run again after each resize. */
  shown?: (page: Page) => Promise<void>;
  /** Closed (Escape) and opened again at each width: a row menu closes when its row becomes a card at 400 px. */
  reopenAtEachWidth?: boolean;
  /**
   * A modal dialog: checked at 1400 and 400 px only. Every modal is at most 620 px wide, so it is laid out the same at
   * 1024 as at 1400, and the page behind it is inert (its own view checks it at 1024).
   */
  dialog?: boolean;
}

/** The widths a view is checked at: desktop, a tablet held landscape, a phone; a modal's two distinct layouts. */
export const widthsOf = (view: View): readonly number[] => (view.dialog ? [1400, 400] : [1400, 1024, 400]);

const openMenuItem = async (page: Page, button: string, item: string) => {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
};
const dialogShown = (page: Page, name: string | RegExp) => expect(page.getByRole('dialog', { name })).toBeVisible();

export const views: View[] = [
  { name: 'Login', path: '/login', signedIn: false },
  { name: 'Not found', path: '/no-such-page', signedIn: true },
  {
    name: 'Dashboard',
    path: '/dashboard',
    signedIn: true,
    // a11y-critical has three events, more than a row or card shows: the check covers its "+N more" button too.
    shown: async (page) => {
      await expect(page.getByRole('button', { name: /^\+\d more events? of a11y-critical$/ }).first()).toBeVisible();
    },
  },
  {
    name: 'Dashboard: row menu',
    path: '/dashboard',
    signedIn: true,
    reopenAtEachWidth: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Actions for a11y-critical' }).first().click();
    },
    shown: async (page) => {
      await expect(page.getByRole('menuitem', { name: 'Probe Details' })).toBeVisible();
    },
  },
  {
    name: 'Dashboard: Probe Details',
    path: '/dashboard',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await openMenuItem(page, 'Actions for a11y-critical', 'Probe Details');
    },
    shown: async (page) => {
      await dialogShown(page, 'Probe Details');
    },
  },
  {
    name: "Dashboard: Probe Details' chart as tables (points, alarm markers)",
    path: '/dashboard',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await openMenuItem(page, 'Actions for a11y-critical', 'Probe Details');
      await dialogShown(page, 'Probe Details');
      await page.getByRole('button', { name: 'Show data table' }).click();
    },
    shown: async (page) => {
      await expect(
        page.getByRole('table', { name: /Temperature history of a11y-critical, around the alarm raised at .* \(markers\)/ }),
      ).toBeVisible();
    },
  },
  {
    name: 'Dashboard: Confirm Deletion',
    path: '/dashboard',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await openMenuItem(page, 'Actions for a11y-critical', 'Delete Probe');
    },
    shown: async (page) => {
      await dialogShown(page, 'Confirm Deletion: a11y-critical');
    },
  },
  {
    // In view beside the page at 1400 px (checked with the Dashboard), a drawer from the menu button below.
    name: 'Sidebar',
    path: '/dashboard',
    signedIn: true,
    reopenAtEachWidth: true,
    open: async (page) => {
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
    },
    shown: async (page) => {
      await expect(page.getByRole('navigation', { name: 'Home' })).toBeVisible();
    },
  },
  { name: 'About', path: '/about', signedIn: true },
  { name: 'Account', path: '/account', signedIn: true },
  {
    name: 'Account: Update your password',
    path: '/account',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'Update your password');
    },
  },
  { name: 'API keys', path: '/keys', signedIn: true },
  {
    name: 'API keys: New API Key',
    path: '/keys',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Generate' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'New API Key');
    },
  },
  {
    name: 'API keys: New API Key date picker',
    path: '/keys',
    signedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByRole('dialog', { name: 'New API Key' }).getByRole('textbox', { name: 'Expiration' }).click();
    },
    shown: async (page) => {
      await expect(page.getByRole('button', { name: /^\d{1,2} \w+ \d{4}$/ }).first()).toBeVisible();
    },
  },
  {
    name: 'API keys: API Key Generated',
    path: '/keys',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Generate' }).click();
      const form = page.getByRole('dialog', { name: 'New API Key' });
      await form.getByLabel('Name').fill(`a11y ${Date.now()}`);
      await form.getByRole('button', { name: 'Generate' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'API Key Generated');
    },
  },
  {
    name: 'API keys: Delete API Key',
    path: '/keys',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete a11y key' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'Delete API Key');
    },
  },
  { name: 'Users', path: '/users', signedIn: true },
  { name: 'Notifications: Rules', path: '/notifications?tab=rules', signedIn: true },
  {
    name: 'Notifications: Add channel',
    path: '/notifications',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Add channel' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'Add channel');
    },
  },
  {
    name: 'Users: Create New User',
    path: '/users',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Create User' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'Create New User');
    },
  },
  {
    name: 'Users: Modify User',
    path: '/users',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await openMenuItem(page, 'Actions for a11y-user', 'Modify User');
    },
    shown: async (page) => {
      await dialogShown(page, 'Modify User');
    },
  },
  {
    name: 'Users: Change User Password',
    path: '/users',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await openMenuItem(page, 'Actions for a11y-user', 'Change Password');
    },
    shown: async (page) => {
      await dialogShown(page, /^Change User Password/);
    },
  },
  {
    name: 'Users: Delete User',
    path: '/users',
    signedIn: true,
    open: async (page) => {
      await openMenuItem(page, 'Actions for a11y-user', 'Delete User');
    },
    shown: async (page) => {
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'Roles', path: '/roles', signedIn: true },
  {
    name: 'Roles: Create Role',
    path: '/roles',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Create Role' }).click();
    },
    shown: async (page) => {
      await dialogShown(page, 'Create Role');
    },
  },
  { name: 'Logs', path: '/logs', signedIn: true },
  {
    name: 'Logs: Audit',
    path: '/logs',
    signedIn: true,
    open: async (page) => {
      await page.getByText('Audit', { exact: true }).click();
    },
    shown: async (page) => {
      await expect(page.getByRole('list', { name: 'Audit entries' }).getByText('auth.sign-in').first()).toBeVisible();
    },
  },
  {
    name: 'Alarms',
    path: '/alarms',
    signedIn: true,
    shown: async (page) => {
      await expect(page.getByRole('button', { name: /^Acknowledge alarm \d+ on a11y-critical$/ }).first()).toBeVisible();
    },
  },
  {
    name: 'Alarms: Shelve alarm',
    path: '/alarms',
    signedIn: true,
    dialog: true,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Shelve alarm \d+ on a11y-critical$/ })
        .first()
        .click();
    },
    shown: async (page) => {
      await dialogShown(page, 'Shelve alarm');
    },
  },
  {
    name: 'Alarms: History',
    path: '/alarms',
    signedIn: true,
    open: async (page) => {
      await page.getByRole('tab', { name: 'History' }).click();
    },
    shown: async (page) => {
      await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    },
  },
  { name: 'Battery packs', path: '/packs', signedIn: true },
  {
    name: 'Battery pack journey',
    path: '/packs/9100',
    signedIn: true,
    shown: async (page) => {
      await expect(page.getByRole('heading', { name: 'Pack 9100' })).toBeVisible();
    },
  },
];
