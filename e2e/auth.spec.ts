// Sign-in, sign-out, Remember me and the route guard, in Chromium against the real server.
import { createUserWithRole, expect, signIn, test } from './fixtures';

test('a signed-out user is sent to Login, and lands on the page asked for; signing in and out works', async ({ page, server }) => {
  await page.goto('/keys');
  await expect(page).toHaveURL(/\/login\?next=%2Fkeys$/);
  await expect(page.getByRole('heading', { name: 'Battery Probe Monitor Login' })).toBeVisible();
  await expect(page.getByPlaceholder('Enter your username')).toBeVisible();

  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'BPM / API keys' })).toBeVisible();
  await expect(page).toHaveURL(/\/keys$/);
  // The login page sends a signed-in user home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await page.goto('/about');
  await expect(page).toHaveURL(/\/login\?next=%2Fabout$/);
});

test('a wrong password says "Invalid username or password."', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

for (const isRemembered of [false, true]) {
  test(`Remember me ${isRemembered ? 'on gives a persistent' : 'off gives a browser-session'} cookie`, async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
    if (isRemembered) await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const sessionCookies = (await context.cookies()).filter((cookie) => cookie.name === 'bpm_session');
    expect(sessionCookies).toHaveLength(1);
    const [cookie] = sessionCookies;
    if (isRemembered) {
      // 30 days from the server's answer; the browser keeps the expiry to the second, rounded, so it can lie up to a
      // second past 30 days from the moment read here.
      const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThanOrEqual(30 + 1 / 86_400);
    } else {
      expect(cookie!.expires).toBe(-1);
    }
    await context.close();
  });
}

test('an Operator opening /users sees Not Found, and the guard lets them into the common pages', async ({ page, adminApi }) => {
  const operator = await createUserWithRole(adminApi, 'Operator');
  await signIn(page, operator.username, operator.password);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Not Found', exact: true })).toBeVisible();
  await expect(page.getByText("Oops, we couldn't find that page. Try going home")).toBeVisible();
  await page.getByRole('link', { name: 'home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/keys');
  await expect(page.getByRole('heading', { name: 'BPM / API keys' })).toBeVisible();
});
