// Playwright fixtures: one real server per worker, an admin API client, sign-in through the UI (for the tests
// about signing in) and, for the rest, a session cookie put straight into the browser.
import { test as base, expect, request, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { startTestServer, type RunningServer } from './server';

export interface Fixtures {
  /** An API client signed in as admin (cookie session), for arranging data. */
  adminApi: APIRequestContext;
}

export const test = base.extend<Fixtures, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startTestServer();
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

type Cookies = Parameters<BrowserContext['addCookies']>[0];
/** The admin's session cookie per server: one sign-in per worker (module state lives in the worker's process). */
const adminCookies = new Map<string, Promise<Cookies>>();

async function sessionCookies(server: Pick<RunningServer, 'url'>, username: string, password: string): Promise<Cookies> {
  const api = await request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  try {
    const login = await api.post('login', { data: { username, password, rememberMe: false } });
    expect(login.ok(), await login.text()).toBeTruthy();
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

/**
 * Opens `path` signed in as the admin, with the worker's one admin session (the Login page itself is
 * tested in auth.spec.ts): saves a sign-in and a dashboard load per test.
 */
export async function signInAsAdmin(page: Page, server: Pick<RunningServer, 'url' | 'adminPassword'>, path = '/dashboard') {
  let cookies = adminCookies.get(server.url);
  if (!cookies) {
    cookies = sessionCookies(server, 'admin', server.adminPassword);
    adminCookies.set(server.url, cookies);
  }
  await page.context().addCookies(await cookies);
  await page.goto(path);
}

/** Opens `path` signed in as `username` through the API (a session of its own), for tests about what that user sees. */
export async function signInAs(page: Page, server: Pick<RunningServer, 'url'>, username: string, password: string, path = '/dashboard') {
  await page.context().addCookies(await sessionCookies(server, username, password));
  await page.goto(path);
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
