// Who used this machine's cores during a browser bench's window, and how long the page's main thread waited for one
// (docs/decisions/dashboard.md#the-wait-for-a-core). The server, the simulator and Playwright share the machine with the browser,
// so wall-time figures (long tasks, the busy share) include waiting for a core; this names how much, and whether
// anything outside the bench was running: a quiet run shows "everything else" near 0. Linux only (/proc); elsewhere
// `take` returns null and nothing is printed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

interface ProcessSample {
  /** utime + stime, in ticks. */
  cpuTicks: number;
  isBrowser: boolean;
  isRenderer: boolean;
}

export interface MachineSample {
  atMs: number;
  /** Busy ticks of the whole machine (every core): user, nice, system, irq, softirq, steal. */
  machineBusyTicks: number;
  stealTicks: number;
  processes: Map<number, ProcessSample>;
  /** Run and run-queue wait (ns) of every renderer's main thread, by pid (/proc/<pid>/task/<pid>/schedstat). */
  rendererMain: Map<number, { runNs: number; waitNs: number }>;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended between the listing and the read
  }
}

export function takeMachineSample(): MachineSample | null {
  if (!existsSync('/proc/stat')) return null;
  const cpuLine = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpuLine;
  const processes = new Map<number, ProcessSample>();
  const rendererMain = new Map<number, { runNs: number; waitNs: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const stat = readText(`/proc/${pid}/stat`);
    const cmdline = readText(`/proc/${pid}/cmdline`);
    if (stat === null || cmdline === null) continue;
    // Fields after the command name, which may hold spaces and parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = cmdline.replaceAll('\0', ' ');
    const isBrowser = /chrom/.test(command.split(' ')[0] ?? '');
    const isRenderer = isBrowser && command.includes('--type=renderer');
    processes.set(pid, { cpuTicks: Number(fields[11]) + Number(fields[12]), isBrowser, isRenderer });
    if (isRenderer) {
      const schedstat = readText(`/proc/${pid}/task/${pid}/schedstat`);
      if (schedstat !== null) {
        const [runNs = 0, waitNs = 0] = schedstat.trim().split(' ').map(Number);
        rendererMain.set(pid, { runNs, waitNs });
      }
    }
  }
  return {
    atMs: Date.now(),
    machineBusyTicks: user + nice + system + irq + softirq + steal,
    stealTicks: steal,
    processes,
    rendererMain,
  };
}

export interface MachineShare {
  seconds: number;
  cores: number;
  /** Each as a share of one core over the window, %. */
  browser: number;
  server: number;
  bench: number;
  elsewhere: number;
  steal: number;
  /** The busiest renderer's main thread (the page's): seconds it ran and seconds it waited, runnable, for a core. */
  pageMainRanSeconds: number;
  pageMainWaitedSeconds: number;
}

/** CPU between two samples: the browser's processes, the server's, this process's, and the rest of the machine. */
export function machineShare(before: MachineSample, after: MachineSample, serverPid: number | undefined): MachineShare {
  const seconds = (after.atMs - before.atMs) / 1000;
  const toShare = (ticks: number) => (ticks / ticksPerSecond / seconds) * 100;
  let browser = 0;
  let server = 0;
  let bench = 0;
  for (const [pid, now] of after.processes) {
    const used = now.cpuTicks - (before.processes.get(pid)?.cpuTicks ?? 0);
    if (now.isBrowser) browser += used;
    else if (pid === serverPid) server += used;
    else if (pid === process.pid) bench += used;
  }
  const machine = after.machineBusyTicks - before.machineBusyTicks;
  let page = { runNs: 0, waitNs: 0 };
  for (const [pid, now] of after.rendererMain) {
    const then = before.rendererMain.get(pid) ?? { runNs: 0, waitNs: 0 };
    const delta = { runNs: now.runNs - then.runNs, waitNs: now.waitNs - then.waitNs };
    if (delta.runNs > page.runNs) page = delta;
  }
  return {
    seconds,
    cores: cpus().length,
    browser: toShare(browser),
    server: toShare(server),
    bench: toShare(bench),
    elsewhere: toShare(Math.max(0, machine - browser - server - bench)),
    steal: toShare(after.stealTicks - before.stealTicks),
    pageMainRanSeconds: page.runNs / 1e9,
    pageMainWaitedSeconds: page.waitNs / 1e9,
  };
}

/** One renderer's main thread (by pid) between two samples, by the kernel's clock: what it ran as a share of the window. */
export function rendererMainRanShare(before: MachineSample, after: MachineSample, pid: number): number {
  const now = after.rendererMain.get(pid);
  const then = before.rendererMain.get(pid);
  if (!now || !then) return Number.NaN;
  return (now.runNs - then.runNs) / 1e9 / ((after.atMs - before.atMs) / 1000);
}

export function describeMachineShare(share: MachineShare): string[] {
  const pct = (n: number) => `${n.toFixed(0)} %`;
  return [
    `machine over the window (% of one core; ${share.cores} cores): browser ${pct(share.browser)}, server ${pct(share.server)}, ` +
      `this bench (simulator, Playwright) ${pct(share.bench)}, everything else ${pct(share.elsewhere)}` +
      (share.steal >= 0.5 ? `, stolen by the host ${pct(share.steal)}` : ''),
    `the page's main thread ran ${share.pageMainRanSeconds.toFixed(1)} s and waited ${share.pageMainWaitedSeconds.toFixed(1)} s ` +
      `for a core (kernel schedstat): wall-time figures include that wait`,
  ];
}
