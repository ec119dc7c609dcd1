import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { clearPermissionNames } from '../../session/permission-store';
import { json, stubFetch } from '../../testing/fetch-routes';
import { AppProviders } from '../providers';
import { appRoutes } from '../router';

const live = vi.hoisted(() => ({ stop: vi.fn(), start: vi.fn() }));
vi.mock('../../live/feed/live-connection', () => ({
  startLiveConnection: () => {
    live.start();
    return live.stop;
  },
}));

const role = json({
  id: 3,
  name: 'Operator',
  description: '',
  createdAt: '',
  updatedAt: '',
  is_default: true,
  permissions_with_levels: [],
});

beforeEach(() => {
  clearPermissionNames();
  live.start.mockClear();
  live.stop.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(route: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [route] });
  return render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('AppLayout', () => {
  it('at "/" the top bar names the Dashboard from the start, never "Not Found" on the way to /dashboard', async () => {
    stubFetch({
      'GET /login': json({}),
      'GET /roles/@me': role,
      'GET /users/@me': json({ firstName: 'Ada', lastName: 'Lovelace' }),
    });
    const titles: string[] = [];
    const observer = new MutationObserver(() => {
      for (const heading of document.querySelectorAll('h1')) {
        const text = heading.textContent ?? '';
        if (text.startsWith('BPM') && titles.at(-1) !== text) titles.push(text);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    renderAt('/');
    await screen.findByRole('heading', { name: 'BPM / Dashboard' });
    // The Dashboard itself, before the live feed's system information.
    await screen.findByText('Loading system information...');
    observer.disconnect();
    expect(titles).toEqual(['BPM / Dashboard']);
  });

  it('opens the live connection with the layout and closes it when the layout goes away', async () => {
    stubFetch({
      'GET /login': json({}),
      'GET /roles/@me': role,
      'GET /users/@me': json({ firstName: 'Ada', lastName: 'Lovelace' }),
    });
    const view = renderAt('/about');
    await screen.findByRole('heading', { name: 'BPM / About' });
    expect(live.start).toHaveBeenCalled();
    const stopsBefore = live.stop.mock.calls.length;
    view.unmount();
    expect(live.stop.mock.calls.length).toBeGreaterThan(stopsBefore);
    expect(live.stop.mock.calls.length).toBe(live.start.mock.calls.length);
  });

  it('alerts when the current user cannot be fetched', async () => {
    stubFetch({ 'GET /login': json({}), 'GET /roles/@me': role, 'GET /users/@me': json({ message: 'boom' }, 500) });
    renderAt('/about');
    expect(
      await screen.findByText('An error occurred while fetching account information: Failed to fetch user info'),
    ).toBeInTheDocument();
  });

  it('writes the "user" copy with the permission names', async () => {
    const me = {
      userId: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      role: 'Operator',
      roleId: 3,
      created: '',
      updated: '',
    };
    stubFetch({ 'GET /login': json({}), 'GET /roles/@me': role, 'GET /users/@me': json(me) });
    renderAt('/about');
    expect(await screen.findByRole('link', { name: 'AL (Account)' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      permissions: [],
    });
  });
});
