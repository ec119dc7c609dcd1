// A throwaway Redis 7 for tests: a free port on 127.0.0.1, no persistence, stopped by its pid file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopByPidFile, waitForDaemon } from './daemon.js';
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
  await waitForDaemon(() => existsSync(pidFile));
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: stopByPidFile(pidFile, dir),
  };
}
