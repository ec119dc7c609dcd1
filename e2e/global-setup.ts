// Before the specs: the compiled server they start (startTestServer, e2e/server.ts) up to date with its sources,
// as `npm test`'s pretest leaves it (then this is a check of a fraction of a second). Compiled without the type check,
// as the pretest does (scripts/ensure-ready.mjs): `npm test` checks the sources with the tests' own beside Playwright.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function globalSetup(): void {
  const repoRoot = join(__dirname, '..');
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server', '--noCheck'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
