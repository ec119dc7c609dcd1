import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { clearPermissionNames } from '../session/permission-store';
import { json, stubFetch, type FetchAnswer } from '../testing/fetch-routes';
import { roleWithPermissions } from '../testing/fixtures';
import { AppProviders } from './providers';
import { decideRoute } from './route-guard';
import { appRoutes } from './router';

const myRole = (names: string[]) => json(roleWithPermissions(names, 'DELETE'));
const me = json({
  userId: 2,
  firstName: 'olga',
  lastName: 'petrova',
  username: 'olga',
  email: 'o@example.com',
  role: 'Operator',
  roleId: 3,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
});
const signedIn = (names: string[]): Record<string, FetchAnswer> => ({
  'GET /login': json({}),
  'GET /roles/@me': myRole(names),
  'GET /users/@me': me,
});

beforeEach(() => {
  clearPermissionNames();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // The Dashboard's live socket has no server here; its "closed unexpectedly" warning is not what these tests check.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('decideRoute', () => {
  it('sends a signed-out user to Login', async () => {
    stubFetch({ 'GET /login': json({ message: 'Not signed in' }, 401) });
    expect(await decideRoute('/dashboard')).toBe('login');
  });

  it('refreshes the permission names from /roles/@me, asked beside the login check', async () => {
    const fetched = stubFetch(signedIn([]));
    expect(await decideRoute('/dashboard')).toBe('allowed');
    expect(fetched.calls.map((call) => call.key).sort()).toEqual(['GET /login', 'GET /roles/@me']);
  });

  it('sends both requests before either is answered, and looks at the role only once the login check said OK', async () => {
    let answerLogin!: (ok: boolean) => void;
    const loginAnswer = new Promise<boolean>((resolve) => (answerLogin = resolve));
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      sent.push(path);
      if (path.endsWith('/login')) {
        const ok = await loginAnswer;
        return new Response(JSON.stringify(ok ? {} : { message: 'Not signed in' }), { status: ok ? 200 : 401 });
      }
      return new Response(JSON.stringify({ message: 'Not signed in' }), { status: 401 });
    });
    const decision = decideRoute('/dashboard');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    answerLogin(false);
    expect(await decision).toBe('login');
    // The role's 401 was not taken for a failed permissions refresh.
    expect(console.error).not.toHaveBeenCalledWith('Error updating permissions', expect.anything());
  });

  it('shows NotFound when the route needs a permission the user lacks', async () => {
    stubFetch(signedIn(['Logs']));
    expect(await decideRoute('/users')).toBe('not-found');
    expect(await decideRoute('/logs')).toBe('allowed');
  });

  it('lets a user holding the permission in', async () => {
    stubFetch(signedIn(['Users', 'Roles']));
    expect(await decideRoute('/users')).toBe('allowed');
    expect(await decideRoute('/roles')).toBe('allowed');
  });

  it('keeps the user in when the login check gets no answer (an outage), judged by the names known so far', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(signedIn(['Logs']));
    expect(await decideRoute('/logs')).toBe('allowed');
    stubFetch({ 'GET /login': new TypeError('Failed to fetch'), 'GET /roles/@me': new TypeError('Failed to fetch') });
    expect(await decideRoute('/about')).toBe('allowed');
    expect(await decideRoute('/logs')).toBe('allowed');
    expect(await decideRoute('/users')).toBe('not-found');
    stubFetch({ 'GET /login': json({ message: 'Bad gateway' }, 502) });
    expect(await decideRoute('/about')).toBe('allowed');
  });
});

function renderApp(route: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [route] });
  render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the guarded routes', () => {
  it('redirects a signed-out user to the Login page, keeping the page as where the sign-in lands', async () => {
    stubFetch({ 'GET /login': json({}, 401) });
    const router = renderApp('/plant?view=floor');
    expect(await screen.findByRole('heading', { name: 'Battery Probe Monitor Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/plant?view=floor');
  });

  it('shows Not Found inside the layout when the permission is missing', async () => {
    stubFetch(signedIn([]));
    const router = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/users');
  });

  it('shows the page and its name in the top bar when allowed', async () => {
    stubFetch(signedIn([]));
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'BPM / About' })).toBeInTheDocument();
    expect(
      screen.getByText('For technical assistance, please contact our support team during business hours'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'OP (Account)' })).toHaveAttribute('href', '/account');
  });

  it('asks the server once when "/" sends a signed-in user on to the Dashboard', async () => {
    const fetched = stubFetch(signedIn([]));
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'BPM / Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const guardCalls = fetched.calls.map((call) => call.key).filter((key) => key === 'GET /login' || key === 'GET /roles/@me');
    expect(guardCalls.sort()).toEqual(['GET /login', 'GET /roles/@me']);
  });

  it('still runs the guard when the user goes from the Dashboard to another page', async () => {
    const fetched = stubFetch(signedIn([]));
    const router = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'BPM / Dashboard' })).toBeInTheDocument();
    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { name: 'BPM / About' })).toBeInTheDocument();
    expect(fetched.calls.filter((call) => call.key === 'GET /login')).toHaveLength(2);
  });

  it('shows Not Found for an unknown path', async () => {
    stubFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });
});
