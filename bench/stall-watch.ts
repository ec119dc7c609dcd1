// What the main thread is inside while the loop stands still (docs/decisions/security.md#loop-blocks-named): a worker thread
// watches a heartbeat the main thread's 1 ms timer beats (bench/loop-blocks.ts), and once it has not moved for 20 ms reads the
// main thread's scheduler state and system call every 5 ms from /proc/self/task/<tid>/ (stat, syscall; the file a descriptor
// names). A block that is off a CPU is then named by what it waited in: a write to the database's WAL, an fsync, a futex (a lock,
// or GC helper threads).
import { readlinkSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** x86-64 numbers of the system calls a stalled main thread is likely to be in. */
const syscallNames: Record<number, string> = {
  0: 'read', 1: 'write', 7: 'poll', 17: 'pread64', 18: 'pwrite64', 74: 'fsync', 75: 'fdatasync', 202: 'futex',
  232: 'epoll_wait', 257: 'openat', 281: 'epoll_pwait', 9: 'mmap', 11: 'munmap', 10: 'mprotect', 87: 'unlink',
  82: 'rename', 3: 'close', 262: 'newfstatat', 4: 'stat', 5: 'fstat', 8: 'lseek', 76: 'truncate', 77: 'ftruncate',
};
/** Syscalls that take a descriptor first: the file is named. */
const onDescriptor = new Set([0, 1, 17, 18, 74, 75, 3, 5, 8, 77]);

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync, readdirSync } = require('node:fs');
const beat = new Int32Array(workerData.beat);
const dir = '/proc/self/task/' + workerData.tid + '/';
let last = Atomics.load(beat, 0), since = Date.now(), samples = [];
setInterval(() => {
  const now = Date.now();
  const current = Atomics.load(beat, 0);
  if (current !== last) {
    if (samples.length > 0) parentPort.postMessage({ from: since, to: now, samples });
    last = current; since = now; samples = [];
    return;
  }
  if (now - since < 20) return;
  try {
    const stat = readFileSync(dir + 'stat', 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    // The process's other threads in I/O at the same moment (state D): whom the main thread may wait behind.
    const others = [];
    for (const task of readdirSync('/proc/self/task')) {
      if (task === String(workerData.tid)) continue;
      try {
        const s = readFileSync('/proc/self/task/' + task + '/stat', 'latin1');
        if (s[s.lastIndexOf(')') + 2] !== 'D') continue;
        const name = s.slice(s.indexOf('(') + 1, s.lastIndexOf(')'));
        others.push({ name, syscall: readFileSync('/proc/self/task/' + task + '/syscall', 'latin1').trim() });
      } catch {}
    }
    samples.push({ state, syscall: readFileSync(dir + 'syscall', 'latin1').trim(), others });
  } catch {}
}, 5);
`;

export interface Stall {
  /** Date.now() of the last beat before it and of the first after it. */
  fromMs: number;
  toMs: number;
  /** "D write ~/bpm.sqlite-wal" etc., with how many 5 ms samples each. */
  where: Map<string, number>;
}

const stalls: Stall[] = [];
const beat = new Int32Array(new SharedArrayBuffer(4));
let worker: Worker | undefined;

/** The main thread's own id, read on the main thread. */
function mainTid(): string {
  return readlinkSync('/proc/thread-self').split('/').at(-1)!;
}

interface Sample {
  state: string;
  syscall: string;
  /** Other threads of the process in state D at the same moment. */
  others: { name: string; syscall: string }[];
}

function describe(sample: Sample): string {
  const main = describeCall(sample.state, sample.syscall);
  if (sample.others.length === 0) return main;
  return `${main} (meanwhile in D: ${sample.others.map((o) => `${o.name} ${describeCall('', o.syscall).trim()}`).join('; ')})`;
}

function describeCall(state: string, syscall: string): string {
  if (syscall === 'running') return `${state} running`;
  const [nr, fd] = syscall.split(' ');
  const number = Number(nr);
  const name = syscallNames[number] ?? `syscall ${nr}`;
  if (!onDescriptor.has(number)) return `${state} ${name}`;
  let file = `fd ${Number(fd)}`;
  try {
    file = readlinkSync(`/proc/self/fd/${Number(fd)}`).replace(/^.*\//, '');
  } catch {
    // Closed meanwhile.
  }
  return `${state} ${name} ${file}`;
}

export function startStallWatch(): void {
  worker = new Worker(workerSource, { eval: true, workerData: { beat: beat.buffer, tid: mainTid() } });
  worker.on('message', (m: { from: number; to: number; samples: Sample[] }) => {
    const where = new Map<string, number>();
    for (const s of m.samples) where.set(describe(s), (where.get(describe(s)) ?? 0) + 1);
    stalls.push({ fromMs: m.from, toMs: m.to, where });
  });
  // After the listener, which refs the worker again: the watch never keeps the bench alive.
  worker.unref();
}

/** Called by the 1 ms timer on every tick. */
export function heartbeat(): void {
  Atomics.add(beat, 0, 1);
}

/** What the main thread was seen in during a block (performance.now() times), most seen first; '' if not sampled. */
export function stalledIn(fromMs: number, toMs: number): string {
  const from = performance.timeOrigin + fromMs;
  const to = performance.timeOrigin + toMs;
  const where = new Map<string, number>();
  for (const s of stalls)
    if (s.toMs >= from && s.fromMs <= to) for (const [k, n] of s.where) where.set(k, (where.get(k) ?? 0) + n);
  return [...where]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
}
