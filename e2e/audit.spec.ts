// The Logs page's Audit view against the real server (docs/audit.md): changes made through the API appear
// with who made them, and the filters narrow them on the server.
import { expect, signInAsAdmin, test } from './fixtures';

test('the Audit view lists changes with their actor and filters by action', async ({ page, server, adminApi }) => {
  const name = `audited-key-${Date.now().toString(36)}`;
  const created = await adminApi.post('keys', {
    data: { name, expirationDate: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(created.ok()).toBeTruthy();
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInAsAdmin(page, server, '/logs');
  await page.getByText('Audit', { exact: true }).click();
  const entries = page.getByRole('list', { name: 'Audit entries' });
  await expect(entries.getByText('auth.sign-in').first()).toBeVisible();

  await page.getByLabel('Action').fill('key.');
  await expect(entries.getByText(`name: — → ${name}`)).toBeVisible();
  await expect(entries.getByText('auth.sign-in')).toHaveCount(0);
  // The one date format (docs/screens.md (Dates and times)): year first, 24-hour, to the second.
  await expect(entries.getByRole('listitem').first().getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-1400.png') });

  await page.setViewportSize({ width: 400, height: 800 });
  await expect(entries.getByText(`name: — → ${name}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-400.png'), fullPage: true });
});
