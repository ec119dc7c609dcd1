// Playwright fixtures: one real server per worker, an admin API client, and sign-in through the UI.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export interface Fixtures {
  /** An API client signed in as admin (cookie session), for arranging data. */
  adminApi: APIRequestContext;
}

export const test = base.extend<Fixtures, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  adminApi: async ({ playwright, server }, use) => {
    const api = await adminContext(playwright, server);
    await use(api);
    await api.dispose();
  },
});

export { expect };

/** An API client signed in as admin, of its own: for hooks outside a test (beforeAll, afterAll) and restarted servers. */
export async function adminContext(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  server: Pick<RunningServer, 'url' | 'adminPassword'>,
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  const login = await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return api;
}

/** Signs in through the Login page the way a user does. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Creates a user with the named role through the admin API; returns the username and password. */
export async function createUserWithRole(
  adminApi: APIRequestContext,
  roleName: string,
  names: { firstName: string; lastName: string } = { firstName: 'Olga', lastName: 'Operator' },
) {
  const roles = (await (await adminApi.get('roles')).json()) as { id: number; name: string }[];
  const role = roles.find((candidate) => candidate.name === roleName);
  if (!role) throw new Error(`no role named ${roleName}`);
  const username = `${roleName.toLowerCase()}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const password = 'operator-password-1';
  const created = await adminApi.post('users', {
    data: { username, ...names, email: `${username}@example.com`, password, roleId: role.id },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { username, password };
}
