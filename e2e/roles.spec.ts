// Roles page against the real server: selection by click and by URL hash, the redirect from the
// spec's role-pill link, and the single-pane layout below 768 px.
import { expect, signInAsAdmin, test } from './fixtures';

test('roles are selected by click and by hash, and the hash follows the selection', async ({ page, server, adminApi }) => {
  const roles = (await (await adminApi.get('roles')).json()) as { id: number; name: string }[];
  const supervisor = roles.find((role) => role.name === 'Supervisor')!;
  const operator = roles.find((role) => role.name === 'Operator')!;
  await signInAsAdmin(page, server);

  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: roles[0]!.name })).toBeVisible();

  await page.getByRole('navigation', { name: 'Roles' }).getByText('Operator', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/roles#${operator.id}$`));
  await expect(page.getByRole('heading', { name: 'Operator' })).toBeVisible();
  await expect(page.getByText('No permissions assigned to this role')).toBeVisible();
  await page.getByRole('navigation', { name: 'Roles' }).getByText('default', { exact: true }).hover();
  await expect(page.getByText('This role is the default role for new users')).toBeVisible();

  await page.goto(`/roles#${supervisor.id}`);
  await expect(page.getByRole('heading', { name: 'Supervisor' })).toBeVisible();
  const probes = page.getByRole('listitem', { name: 'Probes' });
  await expect(probes.getByText('DELETE', { exact: true })).toBeVisible();
  await expect(probes.getByText('UPDATE', { exact: true })).toBeVisible();
  await expect(probes.getByText('WRITE', { exact: true })).toBeVisible();
  await expect(probes.getByText('READ', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Logs' }).getByText(/^(UPDATE|WRITE|DELETE)$/)).toHaveCount(0);

  await page.goto(`/settings/permissions#${operator.id}`);
  await expect(page).toHaveURL(new RegExp(`/roles#${operator.id}$`));
  await expect(page.getByRole('heading', { name: 'Operator' })).toBeVisible();
});

test('the role pill on the Users page opens that role', async ({ page, server }) => {
  await signInAsAdmin(page, server, '/users');
  await page.getByRole('row').filter({ hasText: 'admin' }).getByRole('link', { name: 'Administrator' }).click();
  await expect(page).toHaveURL(/\/roles#\d+$/);
  await expect(page.getByRole('heading', { name: 'Administrator' })).toBeVisible();
});

test('below 768 px the roles page shows the list or one role, with Back to Roles', async ({ page, server }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signInAsAdmin(page, server, '/roles');
  const list = page.getByRole('navigation', { name: 'Roles' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Supervisor' })).toHaveCount(0);
  await list.getByText('Supervisor', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Supervisor' })).toBeVisible();
  await expect(list).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Roles' }).click();
  await expect(page.getByRole('navigation', { name: 'Roles' })).toBeVisible();
});
