// Cold first-load weight (issue 10, docs/operator-screen.md): bytes transferred over the wire for /login
// and for /dashboard (signed in, before any live data), in a fresh headless Chromium with an empty cache,
// each printed beside its target. Run: node --import tsx bench/first-load.bench.ts (env: BPM_WEB_DIST)
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../e2e/server';
import { benchLaunchOptions } from '../playwright.config';

const targets = { login: 300 * 1024, dashboard: 700 * 1024 };

interface Load {
  /** Bytes on the wire (headers + encoded bodies) of every response, WebSocket excluded. */
  transferred: number;
  /** Decoded body bytes, to show what compression saved. */
  decoded: number;
  requests: number;
  largest: { url: string; bytes: number }[];
}

/** Counts every finished request's encodedDataLength through the DevTools protocol. */
async function measure(page: Page, run: () => Promise<void>): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  const decoded = new Map<string, number>();
  const sizes: { url: string; bytes: number }[] = [];
  let transferred = 0;
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    transferred += e.encodedDataLength;
    sizes.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength });
  });
  await run();
  await cdp.detach();
  const totalDecoded = [...decoded.values()].reduce((a, b) => a + b, 0);
  sizes.sort((a, b) => b.bytes - a.bytes);
  return { transferred, decoded: totalDecoded, requests: sizes.length, largest: sizes.slice(0, 4) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function print(name: string, load: Load, target: number) {
  const verdict = load.transferred <= target ? 'met' : 'MISSED';
  console.log(
    `cold ${name}: ${kb(load.transferred)} transferred (${kb(load.decoded)} decoded, ${load.requests} requests)` +
      `  target ≤ ${kb(target)}  ${verdict}`,
  );
  for (const { url, bytes } of load.largest) console.log(`    ${kb(bytes).padStart(8)}  ${new URL(url).pathname}`);
}

async function main() {
  const server = await startServer({}, { built: true });
  const browser = await chromium.launch(benchLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const login = await measure(page, async () => {
      await page.goto('/login', { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(1000);
    });
    print('/login', login, targets.login);

    // Sign in, then load /dashboard cold (cache disabled) up to "Loading system information..." or the cards:
    // everything the page needs before the live feed's data.
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard$/);
    const dashboard = await measure(page, async () => {
      await page.goto('/dashboard', { waitUntil: 'load' });
      await page.getByText('Probe Inactivity Timeout').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(1000);
    });
    print('/dashboard', dashboard, targets.dashboard);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
