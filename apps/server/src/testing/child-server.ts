// The crash tests' handling of the real server as a child process (e2e/server.ts starts it): the administrator's
// request headers, and a SIGKILL that leaves the data directory (BPM_DATA_DIR) as the crash left it.
import { rmSync } from 'node:fs';
import { expect } from 'vitest';
import type { RunningServer } from '../../../../e2e/server';

/** Signs the administrator in; headers for JSON calls with that session. */
export async function signIn(server: RunningServer): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: 'admin', password: server.adminPassword, rememberMe: false }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, origin: server.url, 'content-type': 'application/json' };
}

/** kill -9, then waits for the exit. */
export async function killHard(server: RunningServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true }); // its own unused directory; ours is BPM_DATA_DIR
}
