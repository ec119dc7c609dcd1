// Starts a real BPM server (compiled, or the TypeScript sources through tsx; built web app) on a free port with a
// fresh data directory, and stops it. Used by the Playwright fixtures and the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  /** e.g. http://localhost:41234 */
  url: string;
  port: number;
  dataDir: string;
  adminPassword: string;
  process: ChildProcess;
  output: () => string;
  /** Stops the process; the data directory is removed unless `keepData` (to start again on it). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

export interface StartOptions {
  /**
   * Run the compiled server (`apps/server/dist/main.js`, what `npm run serve` runs) instead of the
   * TypeScript sources through tsx. Benchmarks use it: tsx's loader thread alone adds ~50 MB of RSS
   * (measured: 154 MB vs 107 MB idle), which would blur the memory figure.
   */
  built?: boolean;
  /** Node flags before the entry (e.g. --cpu-prof, which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
  /** Listen on this port instead of a free one (a restart on the same address). */
  port?: number;
  /** Use this data directory instead of a fresh one (a restart keeps users, sessions and probes). */
  dataDir?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bpm-e2e-'));
  const adminPassword = 'e2e-admin-password';
  // No import.meta here: Playwright loads this file as CommonJS, and Node re-reads a CJS file holding
  // import.meta as ESM ("exports is not defined"). tsx (bench) provides __dirname as well.
  const repoRoot = typeof __dirname === 'string' ? join(__dirname, '..') : process.cwd();
  const builtMain = join(repoRoot, 'apps/server/dist/main.js');
  if (options.built && !existsSync(builtMain)) throw new Error(`${builtMain} is missing: run \`npx tsc -b\` first`);
  // The young generation's bound that `npm start`, `npm run serve` and the systemd unit give the server
  // (apps/server/src/heap-growth.ts, docs/deployment.md#runtime): benches measure the server as it runs there.
  const args = [
    '--max-semi-space-size=16',
    ...(options.nodeArgs ?? []),
    ...(options.built ? [builtMain] : ['--import', 'tsx', 'apps/server/src/main.ts']),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BPM_DATA_DIR: dataDir,
      BPM_ADMIN_PASSWORD: adminPassword,
      BPM_SIMULATOR: 'off',
      // Servers run side by side: no embedded MQTT broker on 1883 unless a test asks (docs/mqtt.md).
      BPM_MQTT_PORT: 'off',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/login`);
      if (response.status !== 404) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    adminPassword,
    process: child,
    output: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server for the end-to-end tests: scrypt at 2^12 instead of 2^17 (same code path, milliseconds per sign-in
 * instead of ~0.5 s); benchmarks call startServer and keep the production cost. The compiled server, as the web app
 * is the built one: tsx transpiling the sources cost ~1 s of CPU per start, and the specs start about ten
 * (e2e/global-setup.ts brings the build up to date).
 */
export function startTestServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  return startServer({ NODE_ENV: 'test', BPM_TEST_PASSWORD_HASH_LOG2N: '12', ...env }, { built: true, ...options });
}

/** Signs the administrator in through the API, as a script would; the session cookie ("name=value") for later calls. */
export async function adminSessionCookie(server: RunningServer): Promise<string> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: 'admin', password: server.adminPassword, rememberMe: false }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}
