// The authenticated layout: sidebar groups per permission, top bar, initials, live indicator.
import { createUserWithRole, expect, signInAs, signInAsAdmin, test } from './fixtures';

test('an administrator sees the Home and System groups; the menu works from the keyboard', async ({ page, server }) => {
  await signInAsAdmin(page, server);
  // At 1400 px the sidebar is in view beside the page, not behind a menu button.
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('navigation', { name: 'Home' }).getByRole('link', { name: 'Dashboard' })).toBeInViewport();
  await pages.getByRole('link', { name: 'Alarms' }).click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(pages.getByRole('link', { name: 'Alarms' })).toHaveAttribute('aria-current', 'page');

  // Narrower, a drawer opened by the menu button.
  await page.setViewportSize({ width: 1024, height: 900 });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const sidebar = page.getByRole('dialog', { name: 'Battery Probe Monitor' });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('navigation', { name: 'Home' }).getByRole('link')).toHaveText([
    /Dashboard$/,
    /Alarms$/,
    /Plant$/,
    /Battery packs$/,
    /About$/,
    /Account$/,
    /API keys$/,
  ]);
  await expect(sidebar.getByRole('navigation', { name: 'System' }).getByRole('link')).toHaveText([
    /Logs$/,
    /Roles$/,
    /Users$/,
    /Notifications$/,
  ]);
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();

  // (The icons' ligature names are part of the text content, hence the anchored patterns.)
  // The overlay closes it too; a link navigates and closes it.
  await menuButton.click();
  await expect(sidebar).toBeVisible();
  await page.mouse.click(900, 500);
  await expect(sidebar).toBeHidden();
  await menuButton.click();
  await sidebar.getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(/\/logs$/);
  await expect(page.getByRole('heading', { name: 'BPM / Logs' })).toBeVisible();
  await expect(sidebar).toBeHidden();

  // The live feed connects, and the counts are shown.
  await expect(page.getByRole('img', { name: 'Connection Established' })).toBeVisible();
  await expect(page.getByLabel('Normal: 0')).toBeVisible();
  await expect(page.getByLabel('Warning: 0')).toBeVisible();
  await expect(page.getByLabel('Critical: 0')).toBeVisible();
});

test('an Operator has no System group; the initials link to Account', async ({ page, adminApi, server }) => {
  const operator = await createUserWithRole(adminApi, 'Operator', { firstName: 'zoë', lastName: 'quinn' });
  await signInAs(page, server, operator.username, operator.password);
  const sidebar = page.getByRole('navigation', { name: 'Pages' });
  await expect(sidebar.getByRole('navigation', { name: 'Home' }).getByRole('link')).toHaveText([
    /Dashboard$/,
    /Alarms$/,
    /Plant$/,
    /Battery packs$/,
    /About$/,
    /Account$/,
    /API keys$/,
  ]);
  await expect(sidebar.getByRole('navigation', { name: 'System' })).toHaveCount(0);

  const initials = page.getByRole('link', { name: /\(Account\)$/ });
  await expect(initials).toHaveText('ZQ');
  await initials.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Username')).toHaveValue(operator.username);
});

test('About shows the version from the package, contact and support', async ({ page, server }) => {
  await signInAsAdmin(page, server, '/about');
  await expect(page.getByRole('heading', { name: 'BPM / About' })).toBeVisible();
  await expect(page.getByText('Version: 1.1.2')).toBeVisible();
  await expect(page.getByText('Hours: Monday - Friday, 9:00 AM - 5:00 PM GMT')).toBeVisible();
  await expect(page.getByText(/© 2025/)).toBeVisible();
});
