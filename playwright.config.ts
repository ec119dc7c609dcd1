// End-to-end tests: Debian's Chromium against the real, compiled server (one per worker, see e2e/fixtures.ts).
import { defineConfig } from '@playwright/test';

/**
 * The tests' browser: Debian's Chromium headless shell, the same Blink without the full browser's hidden window
 * (a fifth less CPU per test: docs/decisions/testing.md (The headless shell for tests)).
 */
export const testChromium = process.env.BPM_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
/** The benchmarks' browser: the Chromium users run, whose main thread their figures are about. */
export const benchChromium = process.env.BPM_BENCH_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/**
 * The tests' flags: V8 stops at its baseline compiler (Sparkplug). A test's page lives seconds, too short for the
 * optimising compilers to pay back (docs/decisions/testing.md (The headless shell for tests)); the benchmarks keep
 * V8's defaults, as users' browsers run.
 */
export const testChromiumArgs = [...chromiumArgs, '--js-flags=--max-opt=1'];
/** How the tests launch their browser (here and in specs that launch one of their own). */
export const testLaunchOptions = { executablePath: testChromium, args: testChromiumArgs };
/** How the benchmarks launch theirs. */
export const benchLaunchOptions = { executablePath: benchChromium, args: chromiumArgs };

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: testLaunchOptions,
    viewport: { width: 1400, height: 900 },
    trace: 'off',
    // One context per worker, reset by Playwright between tests (pages, cookies, storage, routes, clock, HTTP cache),
    // recreated when a file asks for other options: docs/decisions/testing.md (One browser context per worker).
    reuseContext: true,
    screenshot: 'off',
  },
});
