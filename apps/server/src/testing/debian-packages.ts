// Test servers come from Debian's packages: install them with apt-get when missing and we are root,
// otherwise say how to enable the suites that need them (docs/deployment.md, "Tests").
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export class MissingTestServerError extends Error {}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Makes sure `binary` exists, installing Debian `packages` with apt-get when allowed; throws MissingTestServerError otherwise. */
export function ensureDebianPackage(binary: string, packages: string[]): void {
  if (existsSync(binary)) return;
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    throw new MissingTestServerError(
      `${binary} is missing: install it with "apt-get install -y ${packages.join(' ')}" (as root) to run these tests`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'ignore', env });
  if (!existsSync(binary))
    throw new MissingTestServerError(`apt-get installed ${packages.join(' ')} but ${binary} is still missing`);
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
