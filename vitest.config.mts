// Unit and integration tests (not Playwright specs): node for server-side code, jsdom for the web app.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@bpm/protocol/live-compact': here('./packages/protocol/src/live-compact.ts'),
  '@bpm/protocol': here('./packages/protocol/src/index.ts'),
  '@bpm/simulator': here('./apps/simulator/src/index.ts'),
};

// The server suite runs twice: on SQLite ("node") and on a throwaway PostgreSQL ("node-pg"), which the
// global setup starts from Debian's package (installing it with apt-get when missing, as root). Without
// either, the PostgreSQL project is left out with a line that .ci/run treats as a failure.
const serverTests = 'apps/server/src/**/*.test.ts';
/** Tests of what only PostgreSQL does (the engine lock): in "node-pg" only. */
const postgresOnlyTests = 'apps/server/src/**/*.pg.test.ts';
const postgresAvailable =
  existsSync('/usr/lib/postgresql/15/bin/initdb') || (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'));
if (!postgresAvailable) {
  console.log(
    'SUITE SKIPPED: server tests on PostgreSQL (node-pg): run as root with apt-get, or "apt-get install -y postgresql redis-server", to enable them',
  );
}
const postgresProject = {
  resolve: { alias },
  test: {
    name: 'node-pg',
    environment: 'node',
    include: [serverTests],
    // The harness's own check of the throwaway servers runs once, in "node".
    exclude: ['apps/server/src/testing/throwaway-servers.test.ts'],
    globalSetup: ['apps/server/src/testing/postgres-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', serverTests, 'apps/simulator/src/**/*.test.ts'],
          exclude: [postgresOnlyTests, '**/node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgresAvailable ? [postgresProject] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
