// Users page against the real server: the four modals with their notifications, errors, search,
// sorting and the narrow card layout.
import type { Locator, Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './fixtures';
import type { RunningServer } from './server';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function openUsers(page: Page, server: RunningServer) {
  await signInAsAdmin(page, server, '/users');
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
}

async function chooseRole(dialog: Locator, page: Page, role: string) {
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

async function rowMenu(page: Page, username: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('create, modify, change the password of and delete a user, each with its notification', async ({ page, server }) => {
  const username = unique('op');
  await openUsers(page, server);

  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create New User' });
  await expect(create.getByText("Enter the new user's information below")).toBeVisible();
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create.getByText('Username is required')).toBeVisible();
  await create.getByLabel('Username').fill(username);
  await create.getByLabel('First Name').fill('Olive');
  await create.getByLabel('Last Name').fill('Operator');
  await create.getByLabel('Email').fill(`${username}@plant.test`);
  await create.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
  await chooseRole(create, page, 'Operator');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('User created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
  await expect(row.getByRole('link', { name: `${username}@plant.test` })).toHaveAttribute(
    'href',
    `mailto:${username}@plant.test`,
  );
  await expect(row.getByRole('link', { name: 'Operator' })).toHaveAttribute('href', /^\/roles#\d+$/);

  // The notification closes with its ×.
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('User created successfully')).toBeHidden();

  await rowMenu(page, username, 'Modify User');
  const modify = page.getByRole('dialog', { name: 'Modify User' });
  await expect(modify.getByText("Update the user's information below")).toBeVisible();
  await expect(modify.getByLabel('First Name')).toHaveValue('Olive');
  await expect(modify.getByLabel('First Name')).not.toHaveAttribute('data-changed');
  await modify.getByLabel('First Name').fill('Oliver');
  await expect(modify.getByLabel('First Name')).toHaveAttribute('data-changed', 'true');
  await expect(modify.getByText('Was: Olive')).toBeVisible();
  await expect(modify.getByLabel('Last Name')).not.toHaveAttribute('data-changed');
  await chooseRole(modify, page, 'Supervisor');
  await expect(modify.getByText('Was: Operator')).toBeVisible();
  await modify.getByRole('button', { name: 'Submit' }).click();
  await expect(modify).toBeHidden();
  await expect(page.getByText('User modified successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Oliver', exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Supervisor' })).toBeVisible();

  await rowMenu(page, username, 'Change Password');
  const password = page.getByRole('dialog', { name: /Change User Password/ });
  await expect(password.getByText('Enter a new password for the user')).toBeVisible();
  await password.getByRole('textbox', { name: 'New Password', exact: true }).fill('another-password');
  await password.getByRole('textbox', { name: 'Confirm New Password' }).fill('a-different-one');
  await password.getByRole('button', { name: 'Submit' }).click();
  await expect(password.getByText('New password and confirmation do not match')).toBeVisible();
  await password.getByRole('textbox', { name: 'Confirm New Password' }).fill('another-password');
  await password.getByRole('button', { name: 'Submit' }).click();
  await expect(password).toBeHidden();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  await rowMenu(page, username, 'Delete User');
  const confirm = page.getByRole('dialog', { name: `Confirm Deletion: ${username}` });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeHidden();
});

test('a duplicate username shows the server error in the dialog', async ({ page, server }) => {
  await openUsers(page, server);
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create New User' });
  await create.getByLabel('Username').fill('ADMIN');
  await create.getByLabel('First Name').fill('Second');
  await create.getByLabel('Last Name').fill('Admin');
  await create.getByLabel('Email').fill('second-admin@plant.test');
  await create.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
  await chooseRole(create, page, 'Operator');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create.getByRole('alert')).toHaveText(/^Error creating user: .*already exists/i);
  await expect(create).toBeVisible();
});

test('search filters the table and every column sorts none → asc → desc → none', async ({ page, server, adminApi }) => {
  const prefix = unique('srt');
  const roles = (await (await adminApi.get('roles')).json()) as { id: number; name: string }[];
  const operator = roles.find((role) => role.name === 'Operator')!;
  for (const [name, last] of [
    ['b', 'Young'],
    ['a', 'Zimmer'],
    ['c', 'Xavier'],
  ]) {
    const created = await adminApi.post('users', {
      data: {
        username: `${prefix}${name}`,
        firstName: 'Sort',
        lastName: last,
        email: `${prefix}${name}@plant.test`,
        password: 'a-good-password',
        roleId: operator.id,
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
  }
  await openUsers(page, server);
  await page.getByPlaceholder('Search users...').fill(prefix);
  const firstCells = page.locator('tbody tr td:first-child');
  await expect(firstCells).toHaveCount(3);
  const original = await firstCells.allTextContents();

  const username = page.getByRole('button', { name: 'Username' });
  await username.click();
  await expect(firstCells).toHaveText([`${prefix}a`, `${prefix}b`, `${prefix}c`]);
  await username.click();
  await expect(firstCells).toHaveText([`${prefix}c`, `${prefix}b`, `${prefix}a`]);
  await username.click();
  await expect(firstCells).toHaveText(original);

  // A new column starts ascending.
  await username.click();
  await page.getByRole('button', { name: 'Last Name' }).click();
  await expect(firstCells).toHaveText([`${prefix}c`, `${prefix}b`, `${prefix}a`]);
  await expect(page.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByPlaceholder('Search users...').fill(`${prefix}b`);
  await expect(firstCells).toHaveText([`${prefix}b`]);
});

test('on a tablet held upright every user’s ⋮ is in view and the role pill shows its whole name', async ({ page, server }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInAsAdmin(page, server, '/users');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  const pill = row.getByRole('link', { name: 'Administrator' });
  await expect(pill).toBeVisible();
  // Not cut to "Ad…": the name is as wide as the text it shows (Mantine clips a badge's label, not its outline).
  const name = pill.getByText('Administrator', { exact: true });
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  await expect(row.getByRole('button', { name: 'Actions for admin' })).toBeInViewport({ ratio: 1 });
  await row.getByRole('button', { name: 'Actions for admin' }).click();
  await expect(page.getByRole('menuitem', { name: 'Modify User' })).toBeVisible();
});

test('where the users table scrolls sideways, an edge beside ⋮ says columns lie under it until the end is reached', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAsAdmin(page, server, '/users');
  const actions = page.getByRole('button', { name: 'Actions for admin' });
  const edge = () => actions.evaluate((button) => Number(getComputedStyle(button.closest('td')!, '::before').opacity));
  await expect.poll(edge).toBe(1);
  await page.getByRole('cell', { name: 'admin', exact: true }).hover();
  await page.mouse.wheel(2000, 0);
  await expect.poll(edge).toBe(0);
  await page.mouse.wheel(-2000, 0);
  await expect.poll(edge).toBe(1);
  // Wide enough for every column: nothing lies under ⋮.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect.poll(edge).toBe(0);
  await expect(actions).toBeInViewport({ ratio: 1 });
});

test('below 520 px users are cards that expand to show email and dates', async ({ page, server }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signInAsAdmin(page, server, '/users');
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByTestId('user-card').filter({ has: page.getByText('admin', { exact: true }) });
  await expect(card.getByRole('link', { name: 'Administrator' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Actions for admin' })).toBeVisible();
  await expect(card.getByText('Email')).toBeHidden();
  await card.getByRole('button', { name: /^admin/, expanded: false }).click();
  await expect(card.getByText('Email')).toBeVisible();
  await expect(card.getByText('Created')).toBeVisible();
  await expect(card.getByText('Updated')).toBeVisible();
});
