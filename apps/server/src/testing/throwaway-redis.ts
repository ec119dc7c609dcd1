// A throwaway Redis 7 for tests: a free port on 127.0.0.1, no persistence, stopped by its pid file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, freePort } from './debian-packages.js';

const redisServer = process.env.BPM_REDIS_SERVER ?? '/usr/bin/redis-server';

export interface ThrowawayRedis {
  url: string;
  port: number;
  stop(): void;
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  ensureDebianPackage(redisServer, ['redis-server']);
  const dir = mkdtempSync(join(tmpdir(), 'bpm-redis-'));
  const pidFile = join(dir, 'redis.pid');
  const port = await freePort();
  execFileSync(redisServer, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile,
    '--dir',
    dir,
    '--logfile',
    join(dir, 'redis.log'),
  ]);
  for (let i = 0; i < 100 && !existsSync(pidFile); i++) execFileSync('sleep', ['0.05']);
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        const pid = Number(readFileSync(pidFile, 'utf8').trim());
        process.kill(pid, 'SIGTERM');
        // Gone before its directory is removed (it may still be writing its log).
        for (let i = 0; i < 100; i++) {
          process.kill(pid, 0);
          execFileSync('sleep', ['0.05']);
        }
      } catch {
        // gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
