// Single sign-on end to end (docs/sso.md): Chromium, a BPM server and a real OpenID provider (oidc-provider over
// https, e2e/sso-idp.ts), one of each shared by the tests in order: the replay test replays the first test's
// callback, and the IdP-down test stops the IdP, so it is last.
// The checks of bad ID tokens (issuer, audience, expiry, nonce, signature) are in apps/server/src/modules/sso/sso.test.ts.
import { test as base, expect, type Page } from '@playwright/test';
import { adminContext, signInAsAdmin } from './fixtures';
import { freePort, startTestServer, type RunningServer } from './server';
import { clientId, clientSecret, startIdp, type RunningIdp } from './sso-idp';

const test = base.extend<object, { sso: { bpm: RunningServer; idp: RunningIdp } }>({
  sso: [
    async ({}, use) => {
      const [bpmPort, idpPort] = [await freePort(), await freePort()];
      const bpmUrl = `http://localhost:${bpmPort}`;
      const idp = await startIdp(idpPort, bpmUrl);
      const bpm = await startTestServer(
        {
          BPM_PUBLIC_URL: bpmUrl,
          BPM_OIDC_ISSUER: idp.issuer,
          BPM_OIDC_CLIENT_ID: clientId,
          BPM_OIDC_CLIENT_SECRET: clientSecret,
          BPM_OIDC_DISPLAY_NAME: 'Plant account',
          BPM_OIDC_ROLE_MAP: 'bpm-admins=Administrator,shift-leads=Supervisor',
          // The server trusts the IdP's certificate made for this run, and nothing else new.
          NODE_EXTRA_CA_CERTS: idp.certificate.certFile,
        },
        { port: bpmPort },
      );
      await use({ bpm, idp });
      await bpm.stop();
      await idp.stop();
      idp.certificate.remove();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ sso }, use) => use(sso.bpm.url),
});

test.describe.configure({ mode: 'serial' });
// The IdP's certificate is made for the run and known to the BPM server only; this spec's browser accepts it.
test.use({ ignoreHTTPSErrors: true });
// oidc-provider's development pages import a web font: offline, that request would only slow each page down.
test.beforeEach(({ context }) => context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort()));

/** From BPM's Login page through the IdP's own login and consent pages. */
async function signInAtIdp(page: Page, login: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Plant account' }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function usersByName(sso: { bpm: RunningServer }, playwright: Parameters<typeof adminContext>[0]) {
  const api = await adminContext(playwright, sso.bpm);
  const users = (await (await api.get('users')).json()) as { username: string; role: string; source: string }[];
  await api.dispose();
  return new Map(users.map((user) => [user.username, user]));
}

/** The callback address of the first test's sign-in, replayed by the third. */
let usedCallback = '';

test('the first sign-in through the IdP creates the account with its mapped role; signing out goes through the IdP', async ({
  page,
  sso,
  playwright,
}) => {
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/oidc/callback')) usedCallback = request.url();
  });
  await signInAtIdp(page, 'ada');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await usersByName(sso, playwright)).get('ada')).toMatchObject({ role: 'Supervisor', source: 'sso' });

  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/login')).status()).toBe(401);

  await signInAsAdmin(page, sso.bpm, '/users');
  const row = page.getByRole('row').filter({ hasText: 'ada' });
  await expect(row.getByText('Managed by single sign-on')).toBeVisible();
});

test('a user whose groups map to no role is refused and gets no account', async ({ page, sso, playwright }) => {
  await signInAtIdp(page, 'eve');
  await expect(page).toHaveURL(/\/login\?sso=no-role$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your account at the identity provider is not given a role in BPM. Ask an administrator for access.',
  );
  expect((await usersByName(sso, playwright)).has('eve')).toBe(false);
});

test('a replayed or forged callback is refused, with no session', async ({ page }) => {
  expect(usedCallback).toContain('state=');
  for (const url of [usedCallback, '/api/auth/oidc/callback?code=forged-code&state=forged-state']) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/login\?sso=failed$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Single sign-on did not complete. Try again, or sign in with a BPM account.',
    );
    // No session cookie came with the refusal: the API says nobody is signed in in this browser.
    expect((await page.request.get('/api/login')).status()).toBe(401);
  }
});

test('while the IdP is down, its button says so and the local form still signs in', async ({ page, sso }) => {
  await sso.idp.stop();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Plant account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Single sign-on is not available right now. Sign in with a BPM account.');
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill(sso.bpm.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
