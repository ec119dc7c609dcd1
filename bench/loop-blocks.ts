// Tells work from waiting in an event-loop block (docs/decisions/security.md#loop-blocks-named):
// a 1 ms interval timer, like monitorEventLoopDelay's, marks every iteration of the loop, and at each mark reads
// the main thread's own scheduler counters (/proc/thread-self/schedstat: nanoseconds on a CPU and waiting on the
// run queue). A block is the gap between two marks; what the main thread did in it is split into
//  - on a CPU: our JavaScript, V8's work on this thread (GC pauses included, also given apart), SQLite;
//  - waiting to run: runnable but preempted (other processes on the 2 cores);
//  - off a CPU otherwise: asleep (file I/O, a lock, the main thread waiting for V8's GC helper threads).
// A block is our work when its CPU alone passes the target; otherwise it is named by the larger of its waits.
// The kernel adds the running thread's CPU at its ticks (4 ms here), which is fine for a 50 ms block.
import { openSync, readSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { heartbeat, stalledIn, startStallWatch } from './stall-watch';

export interface LoopBlock {
  /** performance.now() at the mark before the block. */
  fromMs: number;
  wallMs: number;
  cpuMs: number;
  waitMs: number;
  /** Off a CPU without being runnable: wall less CPU less waiting. */
  offMs: number;
  /** GC pauses (the bench's gc entries) overlapping the block. */
  gcMs: number;
}

const gcEntries: { startTime: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcEntries.push({ startTime: entry.startTime, duration: entry.duration });
}).observe({ entryTypes: ['gc'] });

startStallWatch();

/** Opened on the main thread, so the file is that thread's for good. */
const schedstat = openSync('/proc/thread-self/schedstat', 'r');
const text = Buffer.alloc(128);
let cpuMs = 0;
let waitMs = 0;
function readThreadTimes(): void {
  const n = readSync(schedstat, text, 0, text.length, 0);
  const line = text.toString('latin1', 0, n);
  const space = line.indexOf(' ');
  cpuMs = Number(line.slice(0, space)) / 1e6;
  waitMs = Number(line.slice(space + 1, line.indexOf(' ', space + 1))) / 1e6;
}

/** Watches the loop from start() to stop(): the longest block, and every block above `keepAboveMs`. */
export class LoopBlocks {
  longest: LoopBlock | undefined;
  readonly above: LoopBlock[] = [];
  /** Blocks with more than asleepAboveMs off a CPU (GC pauses told apart later): the sleeps shorter than the target. */
  readonly asleep: LoopBlock[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly keepAboveMs = 50,
    private readonly asleepAboveMs = 10,
  ) {}

  start(): void {
    readThreadTimes();
    let lastMs = performance.now();
    let lastCpu = cpuMs;
    let lastWait = waitMs;
    this.timer = setInterval(() => {
      heartbeat();
      const now = performance.now();
      readThreadTimes();
      const wallMs = now - lastMs;
      if (wallMs > this.asleepAboveMs || wallMs > (this.longest?.wallMs ?? 0)) {
        const cpu = cpuMs - lastCpu;
        const wait = waitMs - lastWait;
        const block = { fromMs: lastMs, wallMs, cpuMs: cpu, waitMs: wait, offMs: Math.max(0, wallMs - cpu - wait), gcMs: 0 };
        if (wallMs > (this.longest?.wallMs ?? 0)) this.longest = block;
        if (wallMs > this.keepAboveMs) this.above.push(block);
        if (block.offMs > this.asleepAboveMs) this.asleep.push(block);
      }
      lastMs = now;
      lastCpu = cpuMs;
      lastWait = waitMs;
    }, 1);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The GC pauses inside each kept block: read late, since gc entries are delivered after the pause. */
  private withGc(block: LoopBlock): LoopBlock {
    const to = block.fromMs + block.wallMs;
    let gcMs = 0;
    for (const gc of gcEntries) {
      const overlap = Math.min(to, gc.startTime + gc.duration) - Math.max(block.fromMs, gc.startTime);
      if (overlap > 0) gcMs += overlap;
    }
    return { ...block, gcMs };
  }

  /**
   * The longest block, and the blocks over the target counted by kind, listing every one that was our work and
   * the longest few of the rest (on a loaded machine there are dozens of preempted ones).
   */
  describe(targetMs = 50, listed = 4): { longest: string; above: string; asleep: string } {
    const line = (b: LoopBlock) =>
      `${b.wallMs.toFixed(1)} ms: main thread on a CPU ${b.cpuMs.toFixed(1)} ms (GC pauses in it ${b.gcMs.toFixed(1)} ms), ` +
      `waiting to run ${b.waitMs.toFixed(1)} ms, off a CPU otherwise ${b.offMs.toFixed(1)} ms: ${blockKind(b, targetMs)}` +
      seenIn(b);
    const above = this.above.map((b) => this.withGc(b));
    const kinds = new Map<string, number>();
    for (const b of above) kinds.set(blockKind(b, targetMs), (kinds.get(blockKind(b, targetMs)) ?? 0) + 1);
    const ours = above.filter((b) => b.cpuMs > targetMs);
    const rest = above.filter((b) => b.cpuMs <= targetMs).sort((x, y) => y.wallMs - x.wallMs);
    const shown = [...ours, ...rest.slice(0, listed)];
    // Asleep with no GC pause covering it: file I/O or a lock (a write to the WAL behind a checkpoint's fsync,
    // docs/storage.md (Checkpoints)), counted from asleepAboveMs since most such sleeps stay under the target.
    const sleeps = this.asleep
      .map((b) => this.withGc(b))
      .map((b) => ({ block: b, ms: b.offMs - b.gcMs }))
      .filter((s) => s.ms > this.asleepAboveMs);
    const asleepMs = sleeps.reduce((sum, s) => sum + s.ms, 0);
    const longestSleep = sleeps.reduce<(typeof sleeps)[number] | undefined>((a, s) => (a && a.ms >= s.ms ? a : s), undefined);
    return {
      asleep:
        `${sleeps.length}, ${asleepMs.toFixed(1)} ms in all` +
        (longestSleep ? `; the longest ${longestSleep.ms.toFixed(1)} ms asleep in a block of ${line(longestSleep.block)}` : ''),
      longest: this.longest ? line(this.withGc(this.longest)) : 'none',
      above:
        `${above.length}${kinds.size > 0 ? ` (${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')})` : ''}` +
        shown.map((b) => `\n      ${line(b)}`).join('') +
        (shown.length < above.length ? `\n      (${above.length - shown.length} more waiting)` : ''),
    };
  }
}

/** The main thread's state and system call as bench/stall-watch.ts saw them every 5 ms in the block (R: on a CPU or runnable, S: asleep, D: in I/O). */
function seenIn(b: LoopBlock): string {
  const where = stalledIn(b.fromMs, b.fromMs + b.wallMs);
  return where === '' ? '' : ` [seen in ${where}]`;
}

/**
 * "our work" when the main thread's own CPU alone passes the target; else the larger of its two kinds of waiting,
 * the time off a CPU named by whether a GC pause covers it.
 */
export function blockKind(b: LoopBlock, targetMs: number): string {
  if (b.wallMs <= targetMs) return 'within target';
  if (b.cpuMs > targetMs) return b.gcMs > b.cpuMs / 2 ? 'our work (mostly GC)' : 'our work';
  if (b.waitMs >= b.offMs) return 'waiting (preempted)';
  // Off a CPU inside a GC pause: the main thread waiting for V8's helper threads (themselves preempted).
  return b.gcMs >= b.offMs ? 'waiting (for GC helper threads)' : 'waiting (off a CPU: file I/O or a lock)';
}
