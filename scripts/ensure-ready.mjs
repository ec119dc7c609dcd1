#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone with nothing else typed: installs the
// dependencies when they are missing (--clean-install: always), on Node 24 even when this machine's own
// Node is older (docs/deployment.md#runtime), builds (incrementally), and installs Debian's Chromium when it is
// missing and we are allowed to (root with apt-get): with --chromium the headless shell the end-to-end tests drive,
// with --bench-chromium the full browser the benchmarks measure (the paths are playwright.config.ts's).
import { execFileSync, execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_NODE_MAJOR, majorOf, notPossible, ownNode, pinnedPackage, scriptRuntime } from './node-runtime.mjs';

const args = new Set(process.argv.slice(2));
const run = (command) => execSync(command, { stdio: 'inherit' });
/** Runs commands at once; exits with the first failure's message. */
function runTogether(commands) {
  const runOne = (command) =>
    new Promise((resolve, reject) =>
      spawn(command, { shell: true, stdio: 'inherit' }).on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`[bpm] "${command}" failed (exit ${code})`)),
      ),
    );
  return Promise.all(commands.map(runOne)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
const browsers = [
  {
    flag: '--chromium',
    path: process.env.BPM_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
    env: 'BPM_CHROMIUM',
    pkg: 'chromium-headless-shell',
  },
  {
    flag: '--bench-chromium',
    path: process.env.BPM_BENCH_CHROMIUM ?? '/usr/bin/chromium',
    env: 'BPM_BENCH_CHROMIUM',
    pkg: 'chromium',
  },
];

const lockChanged = () => {
  try {
    return statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
  } catch {
    return true;
  }
};

// npm warns (EBADENGINE) about every package whose engines exclude the Node npm itself runs on, so on an
// older Node the install runs on the pinned one, unpacked from the npm registry into a temporary directory.
function install() {
  console.log('[bpm] installing dependencies (npm ci)…');
  const own = ownNode();
  if (own && majorOf(own.version) >= MIN_NODE_MAJOR) return run('npm ci --no-audit --no-fund');
  const pinned = pinnedPackage();
  if (!pinned) {
    console.error(notPossible(own));
    process.exit(1);
  }
  const npmCli = process.env.npm_execpath ?? realpathSync(execSync('command -v npm', { encoding: 'utf8' }).trim());
  const tmp = mkdtempSync(join(tmpdir(), 'bpm-node-'));
  try {
    const spec = `${pinned.name}@${pinned.version}`;
    const tarball = join(
      tmp,
      execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', tmp], { encoding: 'utf8' }).trim(),
    );
    const locked = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages[`node_modules/${pinned.name}`]?.integrity;
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== locked) throw new Error(`${spec} from the registry does not match package-lock.json's integrity`);
    execFileSync('tar', ['-xzf', tarball, '-C', tmp]);
    run(`"${join(tmp, 'package', 'bin', 'node')}" "${npmCli}" ci --no-audit --no-fund`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (args.has('--clean-install') || !existsSync('node_modules') || lockChanged()) install();
const runtime = scriptRuntime();
console.log(`[bpm] Node ${runtime?.version} (${runtime?.pinned ? 'pinned: node_modules/.bin/node' : "this machine's own"})`);

if (args.has('--build')) {
  console.log('[bpm] building…');
  // What runs: the server with the packages it references, compiled, and the web app bundled, without their type
  // checks (emit does not depend on types: isolatedModules). `npm test` checks every source with the tests' own, beside
  // Playwright; `npm run build` and `npm run typecheck` check each project as it is (docs/decisions/testing.md (Suite
  // budget)). TypeScript records the skipped check, so a later `tsc -b` still runs it. The two builds share no output
  // (the web app bundles the protocol from its sources), so they run side by side.
  await runTogether(['npx tsc -b apps/server --noCheck', 'npm run build --silent -w apps/web']);
}

for (const browser of browsers) {
  if (!args.has(browser.flag) || existsSync(browser.path)) continue;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`[bpm] installing Chromium (apt-get install ${browser.pkg})…`);
    run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${browser.pkg}`);
  } else {
    console.error(
      `[bpm] Chromium not found at ${browser.path}: install it (apt-get install -y ${browser.pkg}) or set ${browser.env}.`,
    );
    process.exit(1);
  }
}
