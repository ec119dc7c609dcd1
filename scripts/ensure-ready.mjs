#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone with nothing else typed: installs the
// dependencies when they are missing, builds (incrementally), and with --chromium installs Debian's
// Chromium for the end-to-end tests when it is missing and we are allowed to (root with apt-get).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const args = new Set(process.argv.slice(2));
const run = (command, env = {}) => execSync(command, { stdio: 'inherit', env: { ...process.env, ...env } });
const chromium = process.env.BPM_CHROMIUM ?? '/usr/bin/chromium';

const lockChanged = () => {
  try {
    return statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
  } catch {
    return true;
  }
};

if (!existsSync('node_modules') || lockChanged()) {
  console.log('[bpm] installing dependencies (npm ci)…');
  // better-sqlite3 compiles against Node's own headers when no prebuilt binary can be fetched.
  run('npm ci --no-audit --no-fund', { npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' });
}

if (args.has('--build')) {
  console.log('[bpm] building…');
  run('npx tsc -b');
  run('npm run build --silent -w apps/web');
}

if (args.has('--chromium') && !existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[bpm] installing Chromium for the end-to-end tests (apt-get install chromium)…');
    run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  } else {
    console.error(`[bpm] Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set BPM_CHROMIUM.`);
    process.exit(1);
  }
}
