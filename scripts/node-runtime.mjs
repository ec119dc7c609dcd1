// Which Node.js the npm scripts run on: this machine's own when it is recent enough, else the pinned
// runtime that `npm ci` puts in node_modules/.bin/node (the npm registry's node-linux-<arch> package,
// an optional dependency): docs/deployment.md#runtime.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';

export const MIN_NODE_MAJOR = 24;
export const root = resolve(import.meta.dirname, '..');
export const pinnedLink = join(root, 'node_modules', '.bin', 'node');

export const majorOf = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

export const versionOf = (executable) =>
  spawnSync(executable, ['-p', 'process.version'], { encoding: 'utf8' }).stdout?.trim() ?? '';

/** The machine's own node: the first on PATH outside any node_modules/.bin npm puts in front. */
export function ownNode() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || dir.includes(`node_modules${sep}.bin`) || dir.endsWith(`${sep}node-gyp-bin`)) continue;
    const executable = join(dir, 'node');
    if (existsSync(executable)) return { executable, version: versionOf(executable) };
  }
  return undefined;
}

/** The registry package holding this platform's pinned Node, from package.json, if there is one. */
export function pinnedPackage() {
  const { optionalDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const name = `node-${process.platform}-${process.arch}`;
  return optionalDependencies[name] ? { name, version: optionalDependencies[name] } : undefined;
}

/** The node npm scripts will run: the pinned one when installed, else this machine's own. */
export function scriptRuntime() {
  if (existsSync(pinnedLink)) {
    const executable = realpathSync(pinnedLink);
    return { executable, version: versionOf(executable), pinned: true };
  }
  const own = ownNode();
  return own && { ...own, pinned: false };
}

export function notPossible(own) {
  const pinned = pinnedPackage();
  return (
    `[bpm] BPM runs on Node.js ${MIN_NODE_MAJOR} or newer; this machine has ${own?.version || 'no node'} ` +
    `(${process.platform}-${process.arch}) and ` +
    (pinned
      ? `the pinned runtime ${pinned.name}@${pinned.version} was not installed (npm ci --omit=optional?).`
      : `the npm registry packages pinned in package.json (optionalDependencies) do not cover this platform.`) +
    ` Install Node.js ${MIN_NODE_MAJOR} LTS (https://nodejs.org/) and run npm ci again.`
  );
}
