// The api.{host} mode of docs/server.md: a server with BPM_PUBLIC_HOST=plant.test, a browser resolving
// plant.test and api.plant.test to loopback. The page at plant.test must call the API at api.plant.test
// with the session cookie (Domain=plant.test), and the live feed at plant.test must connect.
import { testLaunchOptions } from '../playwright.config';
import { expect, test } from './fixtures';
import { startTestServer } from './server';

test('on a real-looking domain the API goes to api.{host} with the cookie, and the live feed connects', async ({
  playwright,
}) => {
  const server = await startTestServer({ BPM_PUBLIC_HOST: 'plant.test' });
  const browser = await playwright.chromium.launch({
    ...testLaunchOptions,
    args: [...testLaunchOptions.args, '--host-resolver-rules=MAP *.plant.test 127.0.0.1, MAP plant.test 127.0.0.1'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const origin = `http://plant.test:${server.port}`;
    const apiBase = `http://api.plant.test:${server.port}`;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    await page.goto(`${origin}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
    const meRequest = page.waitForRequest(`${apiBase}/users/@me`);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);

    // The cookie is set for the parent domain, so both faces receive it.
    const session = (await context.cookies()).filter((cookie) => cookie.name === 'bpm_session');
    expect(session.map((cookie) => cookie.domain)).toEqual(['.plant.test']);
    const me = await meRequest;
    expect((await me.allHeaders()).cookie).toContain(session[0]!.name);
    const meResponse = await me.response();
    expect(meResponse?.status()).toBe(200);
    const { firstName, lastName } = (await meResponse!.json()) as { firstName: string; lastName: string };

    expect(requested).toContain(`POST ${apiBase}/login`);
    expect(requested).toContain(`GET ${apiBase}/roles/@me`);
    expect(requested.filter((line) => line.includes(`${origin}/api/`))).toEqual([]);

    // The guard passed (GET api.plant.test/login answered OK with the cookie) and the user's initials came back.
    await expect(page.getByRole('heading', { name: 'BPM / Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: /\(Account\)$/ })).toHaveText(`${firstName[0]}${lastName[0]}`.toUpperCase());
    await expect(page.getByRole('img', { name: 'Connection Established' })).toBeVisible();
    expect(sockets).toContain(`ws://plant.test:${server.port}/`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
});
