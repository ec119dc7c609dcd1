// Account: saving the profile, and changing the password (mismatch, wrong current, success).
import { createUserWithRole, expect, signIn, signInAs, test } from './fixtures';

test('a user saves their name and the initials follow', async ({ page, adminApi, server }) => {
  const operator = await createUserWithRole(adminApi, 'Operator', { firstName: 'Ada', lastName: 'Lovelace' });
  await signInAs(page, server, operator.username, operator.password, '/account');
  await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
  await page.getByLabel('Last name').fill('Byron');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account updated')).toBeVisible();
  await expect(page.getByRole('link', { name: /\(Account\)$/ })).toHaveText('AB');
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Byron');
});

test('changing the password: mismatch, wrong current password, then success', async ({ page, adminApi, server }) => {
  const operator = await createUserWithRole(adminApi, 'Operator');
  await signInAs(page, server, operator.username, operator.password, '/account');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update your password' });
  await expect(dialog.getByText('Enter your current password and a new password')).toBeVisible();
  const current = dialog.getByRole('textbox', { name: 'Current Password' });
  const fresh = dialog.getByRole('textbox', { name: 'New Password', exact: true });
  const confirmation = dialog.getByRole('textbox', { name: 'Confirm New Password' });

  await current.fill(operator.password);
  await fresh.fill('a-new-password-1');
  await confirmation.fill('a-new-password-2');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Error: New passwords do not match')).toBeVisible();

  await current.fill('not-my-password');
  await confirmation.fill('a-new-password-1');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Error: Current password is incorrect.')).toBeVisible();

  await current.fill(operator.password);
  await fresh.fill('a-new-password-1');
  await confirmation.fill('a-new-password-1');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Password changed successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The new password signs in; the old one no longer does.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(operator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await signIn(page, operator.username, 'a-new-password-1');
});
