// End-to-end tests: Debian's Chromium against the real, compiled server (one per worker, see e2e/fixtures.ts).
import { defineConfig } from '@playwright/test';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The browser window every test opens in unless it asks for another (e2e/fixtures.ts shares a context at this size). */
export const defaultViewport = { width: 1400, height: 900 };

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
    launchOptions: { executablePath: process.env.BPM_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs },
    viewport: defaultViewport,
    trace: 'off',
    screenshot: 'off',
  },
});
