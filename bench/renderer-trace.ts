// The dashboard bench's reading of Chromium's trace (docs/decisions/dashboard.md#tasks-by-cpu-time): the page's renderer main
// thread, its busy share and its tasks by CPU time in the measured window, marked in the page with performance.mark
// (bench-sign-in, bench-window-start, bench-window-end; trace category blink.user_timing), and the BENCH_PROFILE and BENCH_PAINT
// descriptions.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs: what the thread ran, without its waits for a core. */
  tdur?: number;
  args?: { name?: string; data?: { nodeName?: string; timerId?: number } };
}

/** The renderer main threads of the trace, as `pid:tid`. */
function rendererMainThreads(events: TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/** When the page's performance.mark `name` fell (trace category blink.user_timing); NaN if it is missing. */
function markTs(events: TraceEvent[], name: string): number {
  return events.find((e) => e.name === name)?.ts ?? Number.NaN;
}

/**
 * Each renderer main thread's complete events that overlap `from`–`to` (trace µs), nested ones included, in start
 * order with an enclosing event before those inside it.
 */
function mainThreadEvents(events: TraceEvent[], from: number, to: number): Map<string, TraceEvent[]> {
  const mains = rendererMainThreads(events);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !e.dur || !mains.has(thread) || e.ts >= to || e.ts + e.dur <= from) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread)!.push(e);
  }
  for (const list of byThread.values()) list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  return byThread;
}

/** The top-level tasks of one thread's events (mainThreadEvents): those not inside an earlier one. */
function topLevel(list: TraceEvent[]): TraceEvent[] {
  const tasks: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of list) {
    if (e.ts < end) continue;
    end = e.ts + e.dur!;
    tasks.push(e);
  }
  return tasks;
}

export interface BusyShare {
  /** Share of the window's wall time inside a top-level task: on a loaded machine it includes the task's waits for a core. */
  wall: number;
  /** The same tasks' CPU (thread) time as a share of the window: what the page itself ran. */
  cpu: number;
}

/** Busy share of one thread's events (mainThreadEvents) between `from` and `to` (trace µs). */
function busyIn(list: TraceEvent[], from: number, to: number): BusyShare {
  let wall = 0;
  let cpu = 0;
  for (const task of topLevel(list)) {
    const inside = Math.min(task.ts + task.dur!, to) - Math.max(task.ts, from);
    if (inside <= 0) continue;
    wall += inside;
    cpu += ((task.tdur ?? 0) * inside) / task.dur!;
  }
  const window = to - from;
  return window > 0 ? { wall: wall / window, cpu: cpu / window } : { wall: Number.NaN, cpu: Number.NaN };
}

/**
 * Share of the traced window in which the renderer's main thread ran a top-level task, by wall time and by CPU time
 * (docs/decisions/dashboard.md#busy-share-by-cpu-time). A task across the window's edge counts its part inside,
 * its CPU time in proportion.
 */
export function mainThreadBusyShare(events: TraceEvent[]): BusyShare {
  // The window is marked in the page with performance.mark (trace category blink.user_timing).
  const first = markTs(events, 'bench-window-start');
  const last = markTs(events, 'bench-window-end');
  // The page's renderer is the main thread with the most work.
  let best: BusyShare = { wall: Number.NaN, cpu: Number.NaN };
  for (const list of mainThreadEvents(events, first, last).values()) {
    const share = busyIn(list, first, last);
    if (Number.isNaN(best.wall) || share.wall > best.wall) best = share;
  }
  return best;
}

/** The renderer (pid) in which a page's performance.mark `name` fell, in a trace of the whole browser. */
export function markPid(events: TraceEvent[], name: string): number | undefined {
  return events.find((e) => e.name === name)?.pid;
}

/**
 * One renderer's main-thread busy share (by its pid) in each of `slices` equal parts of the window marked
 * bench-window-start/end, then over the whole window: for two pages measured side by side in one trace of the
 * browser (docs/decisions/dashboard.md#side-by-side-with-the-plain-page).
 */
export function rendererBusyShares(events: TraceEvent[], pid: number, slices: number): { slices: BusyShare[]; whole: BusyShare } {
  const first = markTs(events, 'bench-window-start');
  const last = markTs(events, 'bench-window-end');
  const threads = mainThreadEvents(events, first, last);
  const list = [...threads].find(([thread]) => thread.startsWith(`${pid}:`))?.[1] ?? [];
  const step = (last - first) / slices;
  return {
    slices: Array.from({ length: slices }, (_, i) => busyIn(list, first + i * step, first + (i + 1) * step)),
    whole: busyIn(list, first, last),
  };
}

export interface CpuTask {
  /** ms after the sign-in click */
  at: number;
  cpu: number;
  wall: number;
}

/**
 * The renderer main thread's top-level tasks from the sign-in click (mark `bench-sign-in`, or `fromMark`) to the
 * window's end (`bench-window-end`, or `toMark`), with their CPU (thread) time; `at` counts from `fromMark`. On a
 * loaded machine a task's wall time includes its waits for a core, its CPU time does not, so this list stays
 * readable where the wall-clock long tasks do not (docs/decisions/dashboard.md#tasks-by-cpu-time).
 */
export function mainThreadTasksByCpu(events: TraceEvent[], fromMark = 'bench-sign-in', toMark = 'bench-window-end'): CpuTask[] {
  const from = markTs(events, fromMark);
  const to = markTs(events, toMark);
  // The page's renderer is the main thread with the most CPU time.
  let best: CpuTask[] = [];
  let bestCpu = -1;
  for (const list of mainThreadEvents(events, from, to).values()) {
    const timed = list.filter((e) => e.ts >= from && e.tdur !== undefined);
    const tasks = topLevel(timed).map((e) => ({ at: (e.ts - from) / 1000, cpu: e.tdur! / 1000, wall: e.dur! / 1000 }));
    const cpu = tasks.reduce((sum, task) => sum + task.cpu, 0);
    if (cpu > bestCpu) [best, bestCpu] = [tasks, cpu];
  }
  return best;
}

/** BENCH_PROFILE: what each main-thread task over 50 ms spent its time on (direct children by name). */
export function describeLongTasks(events: TraceEvent[]): void {
  const mains = rendererMainThreads(events);
  const onMain = events.filter((e) => e.ph === 'X' && e.dur && mains.has(`${e.pid}:${e.tid}`));
  const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  const tasks = onMain.filter((e) => isTask(e) && e.dur! > 50_000);
  if (tasks.length === 0) {
    const longest = [...onMain].sort((a, b) => b.dur! - a.dur!).slice(0, 8);
    console.log(`      longest main-thread events: ${longest.map((e) => `${e.name} ${(e.dur! / 1000).toFixed(0)}`).join(', ')}`);
  }
  for (const task of tasks.slice(0, 15)) {
    const inside = onMain.filter(
      (e) => e !== task && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && !isTask(e),
    );
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
    const top = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`)
      .join(', ');
    console.log(`      long task ${(task.dur! / 1000).toFixed(0)} ms: ${top}`);
  }
}

/**
 * BENCH_PAINT: the page's main-thread CPU per second of the window, in all and by the rendering pipeline's steps
 * (docs/decisions/dashboard.md#watchdog-ring-paint). Each step by its self time (its CPU less that of the events
 * nested in it): the document's `Paint` holds the rows' and the top bar's `Paint`s, so adding them up counts the rows
 * twice. `Paint` events are also listed by what they painted, those of the document with everything inside them.
 * `pid` names the renderer in a trace of two pages; without it, the one with the most paints.
 */
export function describeRenderingCpu(events: TraceEvent[], pid?: number): void {
  const first = markTs(events, 'bench-window-start');
  const last = markTs(events, 'bench-window-end');
  const windowSeconds = (last - first) / 1e6;
  // The page's renderer is the main thread with the most Paint events.
  const paints = (list: TraceEvent[]) => list.filter((e) => e.name === 'Paint').length;
  const threads = [...mainThreadEvents(events, first, last)]
    .filter(([thread]) => pid === undefined || thread.startsWith(`${pid}:`))
    .map(([, list]) => list)
    .sort((a, b) => paints(b) - paints(a));
  const mine = (threads[0] ?? []).filter((e) => e.ts >= first && e.tdur !== undefined);
  const perSecond = (us: number) => (us / 1000 / windowSeconds).toFixed(1);
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  let total = 0;
  let paintPasses = 0;
  let layerizeRuns = 0;
  for (const e of mine) {
    while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur! <= e.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.tdur!);
    else total += e.tdur!;
    self.set(e.name, (self.get(e.name) ?? 0) + e.tdur!);
    if (e.name === 'Paint' && !open.some((o) => o.name === 'Paint')) paintPasses += 1;
    // Most Layerize events are empty (nothing to re-layerize); a run is one that took CPU.
    if (e.name === 'Layerize' && e.tdur! >= 100) layerizeRuns += 1;
    open.push(e);
  }
  const steps: [string, string][] = [
    ['FunctionCall', 'JavaScript'],
    ['Paint', 'Paint'],
    ['Layerize', 'Layerize'],
    ['PrePaint', 'PrePaint'],
    ['Layout', 'Layout'],
    ['UpdateLayoutTree', 'style'],
    ['ThreadControllerImpl::RunTask', 'the tasks’ own (commit, scheduling)'],
  ];
  console.log(
    `      main-thread CPU (trace) ${perSecond(total)} ms/s, self time: ` +
      steps.map(([name, label]) => `${label} ${perSecond(self.get(name) ?? 0)}`).join(', ') +
      ` ms/s; ${(paintPasses / windowSeconds).toFixed(1)} paint passes/s, ${(layerizeRuns / windowSeconds).toFixed(1)} Layerize runs/s`,
  );
  // The most frequent timer is the store's 100 ms clock; under load it fires less often, and with it the rings' repaints.
  const timers = new Map<number, number>();
  for (const e of mine.filter((e) => e.name === 'TimerFire')) {
    const id = e.args?.data?.timerId ?? -1;
    timers.set(id, (timers.get(id) ?? 0) + 1);
  }
  const clockFires = Math.max(0, ...timers.values());
  // Posted messages (HandlePostMessage): a worker's posts in a build that had one, and the frame scheduler's tasks.
  const workerMessages = mine.filter((e) => e.name === 'HandlePostMessage').length;
  console.log(
    `        the most frequent timer (the 100 ms clock) fired ${(clockFires / windowSeconds).toFixed(1)}/s; ` +
      `posted messages ${(workerMessages / windowSeconds).toFixed(1)}/s`,
  );
  const byNode = new Map<string, { n: number; us: number }>();
  for (const e of mine.filter((e) => e.name === 'Paint')) {
    const key = e.args?.data?.nodeName ?? '?';
    const entry = byNode.get(key) ?? { n: 0, us: 0 };
    entry.n += 1;
    entry.us += e.tdur!;
    byNode.set(key, entry);
  }
  for (const [key, { n, us }] of [...byNode].sort((a, b) => b[1].us - a[1].us).slice(0, 6))
    console.log(
      `        Paint of ${key.slice(0, 70)}: ${(n / windowSeconds).toFixed(1)}/s, ${perSecond(us)} ms/s with what it holds`,
    );
}

/**
 * The CPU (thread) time the page's main thread ran between each pair of consecutive performance.marks named `name`
 * (e.g. one mark per animation frame), ms: a task across a mark is split in proportion to its wall time. On a loaded
 * machine an interval's wall time includes the thread's waits for a core; its CPU time does not.
 */
export function mainThreadCpuBetweenMarks(events: TraceEvent[], name: string): number[] {
  const marks = events.filter((e) => e.name === name).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) return [];
  const thread = `${marks[0]!.pid}:${marks[0]!.tid}`;
  const tasks = topLevel(mainThreadEvents(events, marks[0]!.ts, marks.at(-1)!.ts).get(thread) ?? []);
  return marks.slice(1).map((mark, i) => {
    const from = marks[i]!.ts;
    let cpu = 0;
    for (const task of tasks) {
      const overlap = Math.min(mark.ts, task.ts + task.dur!) - Math.max(from, task.ts);
      if (overlap > 0) cpu += ((task.tdur ?? 0) * overlap) / task.dur!;
    }
    return cpu / 1000;
  });
}

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_PROFILE: the 40 functions with the most self time in a CPU profile. */
export function printHottestFunctions(profile: CpuProfile): void {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
}
