// WCAG 2.2 AA with axe-core over every screen and modal, at 1400, 1024 and 400 px (a modal at 1400 and 400: its layout
// is the same at 1024; docs/operator-screen.md).
// To cover a new screen or modal, add one entry to `views` (accessibility-views.ts).
import type { Browser, Page } from '@playwright/test';
import { views, widthsOf, type View } from './accessibility-views';
import { seriousViolations } from './axe';
import { expect, signInAsAdmin, test } from './fixtures';
import type { RunningServer } from './server';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
  // A long inactivity timeout keeps the rows as reported while the checks run.
  expect((await api.put('system/config', { data: { timeoutSeconds: 3600 } })).ok()).toBeTruthy();
  const reading = (can: number) => [
    { origin: 'CAN', temperature: can, valid: true },
    { origin: 'Thermocouple', temperature: 30, valid: false },
  ];
  const base = { firmwareVersion: '2.4.1', batteryCharging: false, assignment: null };
  const ingested = await api.post('probes/reports', {
    data: [
      { ...base, probeID: 'a11y-critical', readings: reading(61), batteryPercentage: 8 },
      { ...base, probeID: 'a11y-warning', readings: reading(48), batteryPercentage: 15 },
      { ...base, probeID: 'a11y-normal', readings: reading(30), batteryPercentage: 80, batteryCharging: true },
      {
        ...base,
        probeID: 'a11y-pack',
        readings: reading(35),
        batteryPercentage: 60,
        assignment: {
          buildStage: { id: 3, name: 'Busbar welding' },
          agv: { id: 12, name: 'AGV-12' },
          batteryPack: { id: 9100, name: 'Pack 9100' },
        },
      },
    ],
  });
  expect(ingested.status(), await ingested.text()).toBe(202);
  const expiration = new Date(Date.now() + 86_400_000).toISOString();
  expect((await api.post('keys', { data: { name: 'a11y key', expirationDate: expiration } })).ok()).toBeTruthy();
  // A user with a known username for the Users modals (left in place: a second run finds it already there).
  const roles = (await (await api.get('roles')).json()) as { id: number; name: string }[];
  const roleId = roles.find((r) => r.name === 'Operator')!.id;
  const user = { username: 'a11y-user', firstName: 'Ada', lastName: 'Lovelace', email: 'a11y@example.com' };
  await api.post('users', { data: { ...user, password: 'operator-password-1', roleId } });
  await api.dispose();
});

test.afterAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: `${server.url}/api/`, extraHTTPHeaders: { Origin: server.url } });
  await api.post('login', { data: { username: 'admin', password: server.adminPassword, rememberMe: false } });
  for (const probeID of ['a11y-critical', 'a11y-warning', 'a11y-normal', 'a11y-pack']) await api.delete(`probes/${probeID}`);
  await api.put('system/config', { data: { timeoutSeconds: 5 } });
  await api.dispose();
});

test('a modal opened from a row menu takes focus and gives it back to the ⋮ button', async ({ page, server }) => {
  await signInAsAdmin(page, server);
  const actions = page.getByRole('button', { name: 'Actions for a11y-critical' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Probe Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Probe Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
});

test('a menu opens without its transition when the system asks for less motion, with it otherwise', async ({ page, server }) => {
  await signInAsAdmin(page, server);
  const actions = page.getByRole('button', { name: 'Actions for a11y-critical' });
  const menuTransition = async () => {
    await actions.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const duration = await menu.evaluate((element) => getComputedStyle(element).transitionDuration);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return duration;
  };
  expect(await menuTransition()).not.toBe('0s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await menuTransition()).toBe('0s');
});

test('skip links jump past the top bar and past the probes; keyboard focus is visible', async ({ page, server }) => {
  await signInAsAdmin(page, server);
  await expect(page.getByText('a11y-critical').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skipToMain = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipToMain).toBeFocused();
  await expect(skipToMain).toBeInViewport();
  await expect(skipToMain).not.toHaveCSS('outline-style', 'none');
  await page.keyboard.press('Tab');
  // At 1400 px the next stop is in the top bar (the sidebar needs no menu button there).
  const next = page.locator(':focus');
  await expect(next).toBeVisible();
  await expect(next).not.toHaveCSS('outline-style', 'none');

  const skipProbes = page.getByRole('link', { name: 'Skip past the probes' });
  await skipProbes.focus();
  await expect(skipProbes).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#after-probes')).toBeFocused();
});

/**
 * Waits for the page to settle (after a resize, or a modal opening): two frames for the new layout, then its
 * transitions (animations on the document's timeline that end; a scroll-driven shadow never does), again until two
 * frames start none. Mantine starts a modal's fade-in two frames after showing it, so the first round can find
 * nothing yet and the second finds the fade.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    for (let quiet = 0; quiet < 2;) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const ending = document
        .getAnimations()
        .filter((a) => a.timeline === document.timeline && a.effect?.getComputedTiming().iterations !== Infinity);
      quiet = ending.length === 0 ? quiet + 1 : 0;
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Brings up what the view checks and lets its transitions (a modal's fade-in) finish, so colours are measured as shown. */
async function openView(page: Page, view: View) {
  await view.open?.(page);
  await view.shown?.(page);
  await settled(page);
}

/**
 * The signed-in views share one page per worker: the first loads the app signed in, the next ones are reached by the
 * app's own navigation (a history entry and its popstate, as the browser's Back does), so the bundle is loaded and
 * axe injected once per worker, not once per view (docs/decisions/testing.md (Accessibility views in one page per
 * worker)). A failed view closes that page, so the next view starts on a fresh one. The Login page gets a context of
 * its own, signed out.
 */
let signedInPage: Page | undefined;
const contextOptions = (server: RunningServer) => ({
  baseURL: server.url,
  bypassCSP: true,
  viewport: { width: 1400, height: 900 },
});
async function openSignedIn(browser: Browser, server: RunningServer, path: string): Promise<Page> {
  if (!signedInPage) {
    signedInPage = await (await browser.newContext(contextOptions(server))).newPage();
    await signInAsAdmin(signedInPage, server, path);
    return signedInPage;
  }
  // Whatever the last view left open (a modal, a popover in it, a drawer, a menu) is closed as a user would, one
  // Escape at a time, before moving on.
  const leftOpen = signedInPage.locator('[role="dialog"], [role="menu"]');
  for (let presses = 0; presses < 3 && (await leftOpen.count()) > 0; presses++) {
    await signedInPage.keyboard.press('Escape');
    await expect(leftOpen).toHaveCount(0, { timeout: 1_000 }).catch(() => undefined);
  }
  // A modal that Escape does not close (API Key Generated, which shows the key once) goes with a fresh load.
  if ((await leftOpen.count()) > 0) {
    await signedInPage.goto(path);
    return signedInPage;
  }
  await signedInPage.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return signedInPage;
}
async function closeSignedIn() {
  await signedInPage?.context().close();
  signedInPage = undefined;
}
test.afterAll(closeSignedIn);

// Each view is opened once and checked at every width by resizing that page: a load per view, not per width.
for (const view of views) {
  const widths = widthsOf(view);
  test(`${view.name} at ${widths.join(', ')} px: no serious or critical axe violation`, async ({ browser, server }) => {
    if (!view.signedIn) {
      const page = await (await browser.newContext(contextOptions(server))).newPage();
      await page.goto(view.path);
      await checkView(page, view, widths).finally(() => page.context().close());
      return;
    }
    const page = await openSignedIn(browser, server, view.path);
    await checkView(page, view, widths).catch(async (error: unknown) => {
      await closeSignedIn();
      throw error;
    });
  });
}

async function checkView(page: Page, view: View, widths: readonly number[]) {
  await expect(page).toHaveURL(new URL(view.path, page.url()).href);
  await page.waitForLoadState('load');
  // A new tab's first guarded page waits for the guard's answer behind a full-page loader: check the view itself.
  await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0);
  if (view.path === '/dashboard') await expect(page.getByText('a11y-critical').first()).toBeVisible();
  if (!view.reopenAtEachWidth) await openView(page, view);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    if (view.reopenAtEachWidth) await openView(page, view);
    await view.shown?.(page);
    const found = await seriousViolations(page);
    if (process.env.BPM_AXE_REPORT) console.log(`AXE ${view.name} @${width}: ${found.length}\n${found.join('\n')}`);
    expect(found, `${view.name} at ${width} px`).toEqual([]);
    if (view.reopenAtEachWidth) await page.keyboard.press('Escape');
  }
}
