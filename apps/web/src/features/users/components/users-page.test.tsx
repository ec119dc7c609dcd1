import type { Role, User } from '@bpm/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPermissionNames } from '../../../session/permission-store';
import { renderWithProviders } from '../../../testing/render';
import { UsersPage } from './users-page';

const role = (id: number, name: string, permissions: string[]): Role => ({
  id,
  name,
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  is_default: false,
  permissions_with_levels: permissions.map((permission_name, index) => ({
    permission_id: index + 1,
    permission_name,
    permission_description: '',
    permission_level_id: 4,
    permission_level_name: 'DELETE',
  })),
});

const jane: User = {
  userId: 7,
  username: 'jsmith',
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jsmith@plant.test',
  role: 'Supervisor',
  roleId: 2,
  // Noon UTC: the same local day in any time zone the tests run in.
  created: '2026-01-01T12:00:00.000Z',
  updated: '2026-01-02T12:00:00.000Z',
  source: 'local',
};

type Answer = { status: number; body?: unknown } | 'network';

function serve(routes: Record<string, Answer>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const answer = routes[`${init?.method ?? 'GET'} ${path}`];
    if (!answer || answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearPermissionNames();
});

const roles = [role(1, 'Administrator', ['Users', 'Roles']), role(2, 'Supervisor', ['Roles'])];

describe('UsersPage', () => {
  it('links role pills to the role only for viewers holding Roles', async () => {
    serve({
      'GET /users': { status: 200, body: [jane] },
      'GET /roles': { status: 200, body: roles },
      'GET /roles/@me': { status: 200, body: roles[0] },
    });
    renderWithProviders(<UsersPage />, { route: '/users' });
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Supervisor' })).toHaveAttribute('href', '/roles#2');
    expect(screen.getByRole('link', { name: 'jsmith@plant.test' })).toHaveAttribute('href', 'mailto:jsmith@plant.test');
    // Created and Updated in the one date format (docs/screens.md (Dates and times)).
    expect(screen.getByText('2026-01-01')).toBeInTheDocument();
    expect(screen.getByText('2026-01-02')).toBeInTheDocument();
  });

  it('shows a plain pill without the Roles permission', async () => {
    serve({
      'GET /users': { status: 200, body: [jane] },
      'GET /roles': { status: 200, body: roles },
      'GET /roles/@me': { status: 200, body: role(3, 'Clerk', ['Users']) },
    });
    renderWithProviders(<UsersPage />, { route: '/users' });
    const row = (await screen.findByRole('cell', { name: 'jsmith' })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Supervisor')).toBeInTheDocument());
    expect(within(row).queryByRole('link', { name: 'Supervisor' })).toBeNull();
  });

  it('disables Change Password on your own row (your own needs the current one, asked on the Account page)', async () => {
    const admin: User = {
      ...jane,
      userId: 1,
      username: 'admin',
      firstName: 'Ada',
      email: 'admin@plant.test',
      role: 'Administrator',
      roleId: 1,
    };
    sessionStorage.setItem(
      'user',
      JSON.stringify({
        firstName: 'Ada',
        lastName: 'Smith',
        username: 'admin',
        email: 'admin@plant.test',
        permissions: ['Users'],
      }),
    );
    serve({
      'GET /users': { status: 200, body: [jane, admin] },
      'GET /roles': { status: 200, body: roles },
      'GET /roles/@me': { status: 200, body: roles[0] },
    });
    renderWithProviders(<UsersPage />, { route: '/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for admin' }));
    const own = await screen.findByRole('menuitem', { name: 'Change Password' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(/Account page/);
    sessionStorage.removeItem('user');
  });

  it('says "Managed by single sign-on" on an SSO account and offers no edit of its name, role or password', async () => {
    serve({
      'GET /users': { status: 200, body: [{ ...jane, source: 'sso' }] },
      'GET /roles': { status: 200, body: roles },
      'GET /roles/@me': { status: 200, body: roles[0] },
    });
    renderWithProviders(<UsersPage />, { route: '/users' });
    const row = (await screen.findByText('Managed by single sign-on')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for jsmith' }));
    for (const name of ['Modify User', 'Change Password']) {
      const item = await screen.findByRole('menuitem', { name });
      expect(item).toBeDisabled();
      expect(item).toHaveAccessibleDescription('Managed by single sign-on');
    }
    expect(screen.getByRole('menuitem', { name: 'Delete User' })).toBeEnabled();
  });

  it('reports a failed page load', async () => {
    serve({ 'GET /users': { status: 500, body: { message: 'boom' } }, 'GET /roles': { status: 200, body: roles } });
    renderWithProviders(<UsersPage />, { route: '/users' });
    expect(await screen.findByText('Failed to fetch users or roles. Please try refreshing the page.')).toBeInTheDocument();
  });

  it('keeps a failed creation in the dialog with the network sentence', async () => {
    serve({
      'GET /users': { status: 200, body: [jane] },
      'GET /roles': { status: 200, body: roles },
      'GET /roles/@me': { status: 200, body: roles[0] },
      'POST /users': 'network',
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UsersPage />, { route: '/users' });
    await screen.findByRole('cell', { name: 'jsmith' });
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const create = await screen.findByRole('dialog', { name: 'Create New User' });
    // One change per field, as the other form tests fill theirs: typed key by key, these 44 characters were
    // 44 renders of the dialog, most of this test's time, 20 s on a loaded 2-core machine
    // (docs/decisions/testing.md#fields-filled-with-one-change).
    const fill = (label: RegExp, value: string) => fireEvent.change(within(create).getByLabelText(label), { target: { value } });
    fill(/^Username/, 'newbie');
    fill(/^First Name/, 'New');
    fill(/^Last Name/, 'Bie');
    fill(/^Email/, 'newbie@plant.test');
    fill(/^Password/, 'a-good-password');
    await user.click(within(create).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Supervisor', hidden: true }));
    await user.click(within(create).getByRole('button', { name: 'Submit' }));
    expect(await within(create).findByText('An unexpected error occurred while creating the user.')).toBeInTheDocument();
  });
});
