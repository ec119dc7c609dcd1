// A throwaway PostgreSQL 15 for tests and benches: initdb into a temporary directory (as the postgres user
// when we are root, since initdb refuses root), or into a kept one a bench reuses, a free port on
// 127.0.0.1, fsync off; stopped by its pid file.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, freePort } from './debian-packages.js';

const pgBin = process.env.BPM_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  /** postgres://bpm@127.0.0.1:PORT/postgres — the superuser "bpm" on the maintenance database. */
  url: string;
  port: number;
  /** A URL for another database on the same server. */
  urlFor(database: string): string;
  stop(): void;
}

function asPostgresUser(command: string, args: string[]): string {
  const root = userInfo().uid === 0;
  return execFileSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface ThrowawayPostgresOptions {
  /**
   * A directory to keep the server's files in across runs (a bench's cached database): created and
   * initialised when missing, reused when present, and left in place by stop(). Default: a new temporary
   * directory, removed by stop().
   */
  keepIn?: string;
}

export async function startThrowawayPostgres(options: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  ensureDebianPackage(join(pgBin, 'initdb'), ['postgresql']);
  const dir = options.keepIn ?? mkdtempSync(join(tmpdir(), 'bpm-pg-'));
  mkdirSync(dir, { recursive: true });
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = join(dir, 'data');
  const port = await freePort();
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    asPostgresUser(join(pgBin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'bpm', '--no-sync', '-E', 'UTF8']);
  }
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asPostgresUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-o', serverOptions, '-l', join(dir, 'log'), '-w', 'start']);
  const urlFor = (database: string) => `postgres://bpm@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    port,
    urlFor,
    stop() {
      if (stopped) return;
      stopped = true;
      // By process id (the first line of postmaster.pid): SIGQUIT is PostgreSQL's immediate shutdown; a kept
      // directory gets SIGINT, the fast shutdown that checkpoints, so the next start needs no recovery.
      const kept = options.keepIn !== undefined;
      try {
        const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, kept ? 'SIGINT' : 'SIGQUIT');
        for (let i = 0; i < (kept ? 1200 : 100); i++) {
          try {
            process.kill(pid, 0);
          } catch {
            break;
          }
          execFileSync('sleep', ['0.05']);
        }
      } catch {
        // already gone
      }
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}
