// CPU time of one thread of this process, from Linux's schedstat
// (docs/decisions/alarms.md#the-journal-benchs-clocks-its-control-and-its-steady-state): process.cpuUsage counts
// every thread, V8's background compilers and collectors too, whose work lands in whichever part is being timed.
// Like every thread CPU clock here it moves in scheduler ticks (4 ms), so it suits spans of many ticks, or sums of
// many short ones.
import { readdirSync, readFileSync } from 'node:fs';

/** The main thread's CPU so far, in µs (its thread id is the process id). */
export function mainThreadCpuUs(): number {
  return threadCpuUs(process.pid);
}

/** This process's threads named `name` (Linux keeps 15 characters), by id; none where /proc is missing. */
export function threadsNamed(name: string): number[] {
  try {
    return readdirSync('/proc/self/task')
      .map(Number)
      .filter((tid) => readText(`/proc/self/task/${tid}/comm`)?.trim() === name);
  } catch {
    return [];
  }
}

/** CPU in µs that thread `tid` of this process has used (0 once it has ended). */
export function threadCpuUs(tid: number): number {
  const schedstat = readText(`/proc/self/task/${tid}/schedstat`);
  return schedstat === null ? 0 : Number(schedstat.split(' ')[0]) / 1000;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the thread ended between the listing and the read
  }
}
