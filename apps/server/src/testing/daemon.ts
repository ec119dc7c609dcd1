// The part the throwaway Redis and Mosquitto share: a daemon started into a temporary directory, waited for,
// and stopped by the pid file it writes there.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/** Polls `ready` every 50 ms, at most 100 times (5 s). */
export async function waitForDaemon(ready: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await ready()); i++) execFileSync('sleep', ['0.05']);
}

/** A stop(): SIGTERM to the pid in `pidFile`, waits until it is gone, then removes `dir`; later calls do nothing. */
export function stopByPidFile(pidFile: string, dir: string): () => void {
  let stopped = false;
  return () => {
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
  };
}
