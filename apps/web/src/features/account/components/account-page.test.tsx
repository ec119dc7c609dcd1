import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { renderWithProviders } from '../../../testing/render';
import { AccountPage } from './account-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = {
  userId: 4,
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  role: 'Operator',
  roleId: 3,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
};

describe('AccountPage', () => {
  it('shows the user with a read-only username and saves name and email through PUT /users/@me', async () => {
    const fetched = stubFetch({
      'GET /users/@me': json(me),
      'PUT /users/@me': (init) => json({ ...me, ...(JSON.parse(String(init?.body)) as object) }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AccountPage />);
    expect(screen.getByText('Loading account information...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Username')).toHaveAttribute('readonly');
    const lastName = screen.getByLabelText(/^Last name/);
    fireEvent.change(lastName, { target: { value: '' } });
    fireEvent.change(lastName, { target: { value: 'Byron' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetched.count('PUT /users/@me')).toBe(1));
    const sent = fetched.calls.find((call) => call.key === 'PUT /users/@me');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' });
  });

  it('shows a single sign-on account’s name read-only and offers no password change', async () => {
    stubFetch({ 'GET /users/@me': json({ ...me, source: 'sso' }) });
    renderWithProviders(<AccountPage />);
    for (const label of [/^First name/, /^Last name/]) {
      const field = await screen.findByLabelText(label);
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveAccessibleDescription('Managed by single sign-on');
    }
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  });

  it('sends a single sign-on account on to the identity provider’s end-session address after logging out', async () => {
    stubFetch({
      'GET /users/@me': json({ ...me, source: 'sso' }),
      'POST /logout': json({ endSessionUrl: 'https://idp.test/logout?client_id=bpm' }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/logout?client_id=bpm'));
  });

  it('logs out: POST /logout, clears session storage and goes to /login', async () => {
    const fetched = stubFetch({ 'GET /users/@me': json(me), 'POST /logout': new Response(null, { status: 204 }) });
    sessionStorage.setItem('user', '{}');
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<AccountPage />, { route: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetched.count('POST /logout')).toBe(1);
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    ['a refused logout', json({}, 500), 'Failed to log out. Please try again.'],
    ['a network error', new TypeError('Failed to fetch'), 'An error occurred. Please try again.'],
  ])('alerts on %s and stays', async (_case, answer, message) => {
    stubFetch({ 'GET /users/@me': json(me), 'POST /logout': answer });
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<AccountPage />, { route: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});
