// Role editing against the real server (docs/role-editing.md): an administrator creates a role with Logs READ
// in the permission grid and gives it to a signed-in user, who then sees Logs without signing in again.
import { createUserWithRole, expect, signInAs, signInAsAdmin, test } from './fixtures';

test('a new role with Logs READ, given to a signed-in user, shows them Logs without a new sign-in', async ({
  browser,
  page,
  server,
  adminApi,
}) => {
  const user = await createUserWithRole(adminApi, 'Operator');
  const userContext = await browser.newContext({ baseURL: server.url });
  const userPage = await userContext.newPage();
  await signInAs(userPage, server, user.username, user.password);
  const sidebarLogs = userPage.getByRole('link', { name: 'Logs', exact: true });
  await expect(userPage.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(sidebarLogs).toHaveCount(0);

  const roleName = `Log readers ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInAsAdmin(page, server, '/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await dialog.getByLabel('Name').fill(roleName);
  await dialog.getByLabel('Description').fill('Reads the system logs');
  await dialog.getByRole('radio', { name: 'Logs READ' }).check();
  await page.screenshot({ path: test.info().outputPath('roles-editor-1400.png') });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Roles' }).getByText(roleName, { exact: true }).click();
  await expect(page.getByRole('heading', { name: roleName })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Logs' }).getByText('READ', { exact: true })).toBeVisible();

  // Assign the user to the new role.
  const roles = (await (await adminApi.get('roles')).json()) as Array<{ id: number; name: string }>;
  const role = roles.find((candidate) => candidate.name === roleName)!;
  const users = (await (await adminApi.get('users')).json()) as Array<{
    userId: number;
    username: string;
    firstName: string;
    lastName: string;
    email: string;
  }>;
  const target = users.find((candidate) => candidate.username === user.username)!;
  const assigned = await adminApi.put(`users/${target.userId}`, {
    data: {
      username: target.username,
      firstName: target.firstName,
      lastName: target.lastName,
      email: target.email,
      roleId: role.id,
    },
  });
  expect(assigned.ok(), await assigned.text()).toBeTruthy();

  // The user, still signed in, moves to another page: the guard reads their new permissions.
  await userPage.getByRole('link', { name: /\(Account\)$/ }).click();
  await expect(userPage.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
  await expect(sidebarLogs).toBeVisible();
  await sidebarLogs.click();
  await expect(userPage.getByRole('log', { name: 'Log entries' })).toBeVisible();
  await userContext.close();

  // The editor at 400 px: the whole grid in view, DELETE not scrolled out of it.
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(`/roles#${role.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(edit.getByRole('radio', { name: 'Logs READ' })).toBeChecked();
  await expect(edit.getByRole('columnheader', { name: 'DELETE' })).toBeInViewport({ ratio: 1 });
  await expect(edit.getByRole('radio', { name: 'Logs DELETE' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('roles-editor-400.png') });
  await edit.getByRole('button', { name: 'Cancel' }).click();
});

test('a role that users hold cannot be deleted, and the page says why', async ({ page, server, adminApi }) => {
  await createUserWithRole(adminApi, 'Supervisor');
  await signInAsAdmin(page, server, '/roles');
  await page.getByRole('navigation', { name: 'Roles' }).getByText('Supervisor', { exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion: Supervisor' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This role cannot be deleted');
});

test('the built-in Administrator role offers no Edit or Delete, and says why', async ({ page, server }) => {
  await signInAsAdmin(page, server, '/roles');
  await page.getByRole('navigation', { name: 'Roles' }).getByText('Administrator', { exact: true }).click();
  await expect(page.getByText('The Administrator role always holds every permission and cannot be changed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
