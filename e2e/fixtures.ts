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
    const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
    const login = await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
    expect(login.ok(), await login.text()).toBeTruthy();
    await use(api);
    await api.dispose();
  },
});

export { expect };

/** Signs in through the Login page the way a user does. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
