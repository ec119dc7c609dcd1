// Unit and integration tests (not Playwright specs): node for server-side code, jsdom for the web app.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
/**
 * Server test files that never reach PostgreSQL (no test app, the one place that picks it, and no throwaway
 * server): they run the same on both, so only in "node"; so does the fuzz (its 2,000 requests exercise the
 * routes, while the queries have tests of their own on both databases).
 */
const sqliteOnlyTests = readdirSync(here('./apps/server/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.pg.test.ts'))
  .filter((file) => !/test-app|bpmPostgresServer/.test(readFileSync(here(`./apps/server/src/${file}`), 'utf8')))
  .map((file) => `apps/server/src/${file}`);
const postgresAvailable =
  existsSync('/usr/lib/postgresql/15/bin/initdb') || (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'));
if (!postgresAvailable) {
  console.log(
    'SUITE SKIPPED: server tests on PostgreSQL (node-pg): run as root with apt-get, or "apt-get install -y postgresql redis-server", to enable them',
  );
}
// Vitest's default is one worker fewer than the cores: one on a 2-core machine, while many server tests wait on
// PostgreSQL, child processes or timers, which a second worker overlaps. Every project names it: Vitest 5 refuses
// projects whose worker counts differ in one run.
const maxWorkers = 2;
/**
 * Server, protocol and simulator files share one module graph per worker (isolate: false), as the web files do:
 * importing the server anew for every file was ~45% of the node project's CPU (measured: 116 → 64 s). Each file
 * builds its own app (createTestApp); module state is caches and counters, shared as by any process running several
 * apps. A file that replaces modules (vi.mock) would need an isolated project of its own, as web-mocks has. On
 * PostgreSQL: 92 → 49 s of CPU.
 */
const isolateServerFiles = false;

const postgresProject = {
  resolve: { alias },
  test: {
    name: 'node-pg',
    environment: 'node',
    isolate: isolateServerFiles,
    maxWorkers,
    include: [serverTests],
    exclude: [...sqliteOnlyTests, 'apps/server/src/fuzz.test.ts'],
    globalSetup: ['apps/server/src/testing/postgres-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
};

/**
 * Web test files that replace modules (vi.mock, also through testing/render-counts.ts): each in a fresh module
 * graph. The others share one jsdom and module graph per worker (isolate: false), since setting them up per
 * file cost more than their tests (measured: jsdom and imports 197 s of 253 s of the web project, summed).
 */
const webMockingTests = readdirSync(here('./apps/web/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /vi\.mock\(|render-counts/.test(readFileSync(here(`./apps/web/src/${file}`), 'utf8')))
  .map((file) => `src/${file}`);

function webProject(options: { name: string; isolate?: boolean; include?: string[]; exclude?: string[] }) {
  return {
    extends: './apps/web/vite.config.ts',
    test: {
      name: options.name,
      root: './apps/web',
      environment: 'jsdom',
      include: options.include ?? ['src/**/*.test.{ts,tsx}'],
      exclude: options.exclude ?? [],
      isolate: options.isolate ?? true,
      maxWorkers,
      setupFiles: ['./src/testing/setup.ts'],
      testTimeout: 20_000,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          isolate: isolateServerFiles,
          maxWorkers,
          include: ['packages/*/src/**/*.test.ts', serverTests, 'apps/simulator/src/**/*.test.ts'],
          exclude: [postgresOnlyTests, '**/node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgresAvailable ? [postgresProject] : []),
      webProject({ name: 'web', isolate: false, exclude: webMockingTests }),
      webProject({ name: 'web-mocks', include: webMockingTests }),
    ],
  },
});
