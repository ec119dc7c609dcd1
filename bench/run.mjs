#!/usr/bin/env node
// Runs every bench/*.bench.ts in turn (node --import tsx), each printing its figures beside their
// targets. `npm run bench` builds first and then calls this. Exit code 1 if a bench script failed
// (a missed target is reported in the output, not as a failure).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((o) => name.includes(o)))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, script)], {
    stdio: 'inherit',
    cwd: join(here, '..'),
  });
  if (result.status !== 0) {
    failed += 1;
    console.log(`${script} failed (exit ${result.status ?? result.signal})`);
  }
}
console.log(`\n${scripts.length - failed} of ${scripts.length} bench scripts ran to completion`);
process.exit(failed > 0 ? 1 : 0);
