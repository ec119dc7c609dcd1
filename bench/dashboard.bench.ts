// Browser benchmark of the live dashboard (issues 5 and 15): a real server fed 10,000 simulated probes at
// 1 Hz, the dashboard (on the compact live format, the web client's default) open in headless Chromium for
// 30 s, then issue 37's ceiling: a plain DOM page on the same feed measured beside the open dashboard for 30 s more
// (plain-dom-reference.ts); each figure beside its target.
// Long tasks count from the sign-in click. Beside them, who used the machine's cores and how long the page's main thread
// waited for one (machine-share.ts).
// Run: node --import tsx bench/dashboard.bench.ts  (env: BENCH_PROBES, BENCH_SECONDS, BPM_WEB_DIST,
// BENCH_PROFILE=1 to print the renderer's hottest functions over the measured window (BENCH_PROFILE=<file>.cpuprofile also
// writes that CPU profile, for DevTools or a script), BENCH_TRACE=<file> to write the trace events and sign-in milestones
// as JSON for a closer look at the sign-in path, BENCH_TRACE_CATEGORIES=<list> to add trace categories to it,
// BENCH_CSS=<rules> to add a style sheet to the dashboard before its window, for trying a CSS change without a build)
/// <reference lib="dom" />
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { Plant, startSimulator, type RunningSimulator } from '@bpm/simulator';
import { adminSessionCookie, startServer, type RunningServer } from '../e2e/server';
import { line, percentile, sum } from './figures';
import { describeMachineShare, machineShare, takeMachineSample } from './machine-share';
import {
  describeLongTasks,
  describeRenderingCpu,
  mainThreadBusyShare,
  mainThreadTasksByCpu,
  printHottestFunctions,
  type CpuProfile,
  type TraceEvent,
} from './renderer-trace';
import { measureBesideDashboard } from './plain-dom-reference';
import { installCommitCounter, printCommits, startCountingCommits } from './react-commits';
import { benchLaunchOptions } from '../playwright.config';

const probeCount = Number(process.env.BENCH_PROBES ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const seed = 5;
/** docs/decisions/dashboard.md#tasks-by-cpu-time: the sign-in phase whose main-thread CPU is printed on its own. */
const signInPhaseMs = 3000;
/** docs/decisions/dashboard.md#side-by-side-with-the-plain-page: the shared window's slices, each with its own ratio. */
const slices = 6;

interface Feeder {
  stop(): Promise<void>;
  sent(): number;
}

async function post(server: RunningServer, cookie: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}/api/probes/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: server.url },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
}

/** Every probe reports once, so the dashboard's first snapshot holds all of them. */
async function seedProbes(server: RunningServer, cookie: string): Promise<void> {
  const plant = new Plant({ probes: probeCount, seed, startMs: Date.now() });
  const reports = plant.nextReports(probeCount, Date.now());
  for (let i = 0; i < reports.length; i += 1000) await post(server, cookie, reports.slice(i, i + 1000));
}

/** The simulator with an API key when the keys route answers; otherwise the same plant posted with the session. */
async function startFeeding(server: RunningServer, cookie: string): Promise<Feeder> {
  const keyAnswer = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: server.url },
    body: JSON.stringify({ name: 'dashboard-bench', expirationDate: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  if (keyAnswer.ok) {
    const { token } = (await keyAnswer.json()) as { token: string };
    const simulator: RunningSimulator = startSimulator({
      url: `${server.url}/api`,
      key: token,
      probes: probeCount,
      rate: 1,
      seed,
    });
    return { stop: () => simulator.stop(), sent: () => simulator.stats.accepted };
  }
  const plant = new Plant({ probes: probeCount, seed, startMs: Date.now() });
  let sent = 0;
  let inFlight = 0;
  let last = Date.now();
  let due = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    due = Math.min(probeCount, due + ((now - last) / 1000) * probeCount);
    last = now;
    while (due >= 1000 && inFlight < 4) {
      due -= 1000;
      inFlight += 1;
      void post(server, cookie, plant.nextReports(1000, now))
        .then(() => (sent += 1000))
        .catch((error: unknown) => console.error(String(error)))
        .finally(() => (inFlight -= 1));
    }
  }, 100);
  return {
    stop: async () => clearInterval(timer),
    sent: () => sent,
  };
}

/**
 * Page-side probes: long tasks, animation frames, the time the first probe rows are painted and the time the page
 * gets the snapshot's first part. Playwright's websocket frame event stamped the snapshot in the bench's process
 * 0.16–0.31 s after the page had it, often after the rows (docs/decisions/dashboard.md#tasks-by-cpu-time); a listener
 * on the socket, added before the app's own, stamps it in the page.
 */
function instrumentPage() {
  const w = window as unknown as {
    __bench: {
      longTasks: { start: number; duration: number }[];
      frames: number[];
      firstRowsAt: number | null;
      snapshotOnPageAt: number | null;
    };
  };
  w.__bench = { longTasks: [], frames: [], firstRowsAt: null, snapshotOnPageAt: null };
  const stamp = () => {
    w.__bench.snapshotOnPageAt ??= performance.timeOrigin + performance.now();
  };
  // The page's socket (apps/web/src/live/feed/live-socket.ts): a listener added before the app's own, on the first
  // snapshot part (compact) or probeData (spec).
  const PageSocket = window.WebSocket;
  window.WebSocket = class extends PageSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (w.__bench.snapshotOnPageAt !== null || typeof event.data !== 'string') return;
        if (event.data.startsWith('{"c":"s"') || event.data.startsWith('{"messageType":"probeData"')) stamp();
      });
    }
  };
  // A build that holds the socket in a worker (before docs/decisions/live-format.md (One path for a probe update))
  // posts JSON text to the page: a search for the snapshot flag, not a second parse.
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (w.__bench.snapshotOnPageAt !== null || typeof event.data !== 'string') return;
        if (event.data.includes('"isSnapshot":true')) stamp();
      });
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const frame = (t: number) => {
    w.__bench.frames.push(t);
    // Rows present at the start of a frame are painted by that frame.
    if (w.__bench.firstRowsAt === null && document.querySelector('[role=table] [role=cell]')) {
      w.__bench.firstRowsAt = performance.timeOrigin + t;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface PageFigures {
  longTasks: { start: number; duration: number }[];
  frames: number[];
  firstRowsAt: number | null;
  snapshotOnPageAt: number | null;
  timeOrigin: number;
}
const readFigures = (page: Page) =>
  page.evaluate(() => ({
    ...(window as unknown as { __bench: Omit<PageFigures, 'timeOrigin'> }).__bench,
    timeOrigin: performance.timeOrigin,
  }));

async function main() {
  // The compiled server, as `npm start` runs it (e2e/server.ts, StartOptions.built).
  const server = await startServer({}, { built: true });
  let feeder: Feeder | null = null;
  const browser = await chromium.launch(benchLaunchOptions);
  try {
    const cookie = await adminSessionCookie(server);
    console.log(`seeding ${probeCount} probes…`);
    await seedProbes(server, cookie);
    feeder = await startFeeding(server, cookie);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx compiles with esbuild's keepNames, which wraps named functions in __name(): define it in the page.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.addInitScript(instrumentPage);
    await installCommitCounter(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    // Tracing starts before sign-in: starting it inside the window was itself a long task.
    const traceEvents: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => traceEvents.push(...(data.value as unknown as TraceEvent[])));
    // BENCH_TRACE adds V8's sampling profiler to the trace (every thread, the worker too, on the trace's clock), so a
    // task of the sign-in path can be named by the functions sampled inside it.
    const categories = [
      'toplevel,blink.user_timing',
      ...(process.env.BENCH_PROFILE ? ['devtools.timeline,v8'] : []),
      ...(process.env.BENCH_TRACE ? ['disabled-by-default-v8.cpu_profiler'] : []),
      // BENCH_PAINT: the rendering pipeline's events (Paint by layer and node, Layerize, …); BENCH_PAINT=invalidations
      // adds which node's change made each repaint (it costs CPU of its own: for reading, not for timing).
      ...(process.env.BENCH_PAINT ? ['devtools.timeline'] : []),
      ...(process.env.BENCH_PAINT === 'invalidations' ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
      ...(process.env.BENCH_TRACE_CATEGORIES ? [process.env.BENCH_TRACE_CATEGORIES] : []),
    ].join(',');
    await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
    const milestones: Record<string, number> = {};
    const frameSizes: number[] = [];
    let snapshotBytes = 0;
    const snapshotParts: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/login') && response.request().method() === 'POST')
        milestones.loginAnswered ??= Date.now();
    });
    // The route guard's two requests after the sign-in (docs/screens.md, Route guard), timed by the browser.
    page.on('requestfinished', (request) => {
      const { startTime, responseEnd } = request.timing();
      if (startTime < (milestones.clicked ?? Infinity)) return;
      const path = new URL(request.url()).pathname;
      if (path === '/api/login' && request.method() === 'GET') milestones.guardSignedIn ??= startTime + responseEnd;
      if (path === '/api/roles/@me') milestones.guardPermissions ??= startTime + responseEnd;
    });
    page.on('websocket', (socket) => {
      milestones.socketOpened ??= Date.now();
      socket.on('framereceived', (frame) => {
        const size = typeof frame.payload === 'string' ? frame.payload.length : frame.payload.byteLength;
        frameSizes.push(size);
        const text = typeof frame.payload === 'string' ? frame.payload : '';
        // The compact snapshot comes in parts of ≤ 1 MB ({"c":"s",…}); the spec one is the first probeData.
        if (text.startsWith('{"c":"s"') || (text.startsWith('{"messageType":"probeData"') && !milestones.snapshotReceived)) {
          snapshotBytes += size;
          snapshotParts.push(size);
          milestones.snapshotReceived ??= Date.now();
        }
      });
    });
    const signInPerf = await page.evaluate(() => performance.mark('bench-sign-in').startTime);
    const signInAt = Date.now();
    milestones.clicked = signInAt;
    await page.getByRole('button', { name: 'Login' }).click();
    // An operator watching the plant, not pointing at it: left where the Login button was, the pointer ended up
    // over the table, whose order then held still in some runs and not in others (docs/decisions/operator-screen.md#held-order).
    // The top bar's middle is empty at 1400 px.
    await page.mouse.move(700, 20);
    await page
      .waitForFunction(
        () => (window as unknown as { __bench: { firstRowsAt: number | null } }).__bench.firstRowsAt !== null,
        null,
        { timeout: 60_000 },
      )
      .catch(async (error: unknown) => {
        await page.screenshot({ path: 'test-results/dashboard-bench-failure.png' });
        console.error(
          await page
            .evaluate(() => JSON.stringify({ url: location.href, bench: (window as unknown as { __bench: unknown }).__bench }))
            .catch(String),
        );
        throw error;
      });
    const { firstRowsAt, snapshotOnPageAt } = await readFigures(page);
    milestones.rowsPainted = firstRowsAt!;
    // Without a stamp in the page Playwright's frame event is what there is.
    const snapshotStampedBy = snapshotOnPageAt !== null ? 'the page' : 'Playwright';
    if (snapshotOnPageAt !== null) milestones.snapshotReceived = snapshotOnPageAt;
    const sentAtStart = feeder.sent();

    const metrics = async () => {
      const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      return Object.fromEntries(list.map((m) => [m.name, m.value]));
    };
    if (process.env.BENCH_CSS) await page.addStyleTag({ content: process.env.BENCH_CSS });
    if (process.env.BENCH_PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    await startCountingCommits(page);
    const before = await metrics();
    const machineBefore = takeMachineSample();
    await page.evaluate(() => performance.mark('bench-window-start'));
    const wallStart = Date.now();
    let peakHeap = before.JSHeapUsedSize ?? 0;
    for (let s = 0; s < seconds; s++) {
      await page.waitForTimeout(1000);
      peakHeap = Math.max(peakHeap, (await metrics()).JSHeapUsedSize ?? 0);
    }
    const windowEndPerf = await page.evaluate(() => {
      performance.mark('bench-window-end');
      return performance.now();
    });
    const after = await metrics();
    const machineAfter = takeMachineSample();
    // The window's own length: ending the trace below takes seconds, which the shares must not be divided by.
    const wallSeconds = (Date.now() - wallStart) / 1000;
    const sentInWindow = feeder.sent() - sentAtStart;
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await traced;
    if (process.env.BENCH_PROFILE) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      if (process.env.BENCH_PROFILE.endsWith('.cpuprofile')) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
      }
      printHottestFunctions(profile);
    }
    if (process.env.BENCH_TRACE) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.BENCH_TRACE, JSON.stringify({ signInAt, milestones, events: traceEvents }));
    }
    const figures = await readFigures(page);
    const firstRowsPerf = figures.firstRowsAt! - figures.timeOrigin;
    // From the sign-in click to the end of the window (stopping the trace afterwards is the bench's own work).
    const longTasks = figures.longTasks.filter((t) => t.start >= signInPerf && t.start < windowEndPerf);
    const frames = figures.frames.filter((t) => t >= firstRowsPerf);
    const intervals = frames.slice(1).map((t, i) => t - frames[i]!);
    const busy = mainThreadBusyShare(traceEvents);
    const taskDurationShare = ((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) / wallSeconds;
    const cpu = ((after.ThreadTime ?? 0) - (before.ThreadTime ?? 0)) / wallSeconds;
    const script = ((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) / wallSeconds;
    const layout =
      ((after.LayoutDuration ?? 0) +
        (after.RecalcStyleDuration ?? 0) -
        (before.LayoutDuration ?? 0) -
        (before.RecalcStyleDuration ?? 0)) /
      wallSeconds;
    const reportsPerSecond = sentInWindow / wallSeconds;
    const total = await page.getByLabel(/^Total \d+$/).textContent();
    const rows = (await page.locator('[role=table] [role=row]').count()) - 1;
    await printCommits(page, wallSeconds);
    const pair = await measureBesideDashboard(browser, page, server, cookie, { rows, probes: probeCount, seconds, slices });
    await page.close();

    console.log(
      `\nDashboard benchmark: ${probeCount} probes, ${seconds} s measured, ingest ${reportsPerSecond.toFixed(0)} reports/s accepted, dashboard Total ${total}`,
    );
    // Everything (server, feeder, browser) shares this machine: a load average above the core count means the figures include
    // waiting for a CPU.
    console.log(
      `      machine: load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1/5/15 min)`,
    );
    const share = machineBefore && machineAfter ? machineShare(machineBefore, machineAfter, server.process.pid) : null;
    if (share) for (const text of describeMachineShare(share)) console.log(`      ${text}`);
    line('long tasks > 50 ms from sign-in on', longTasks.filter((t) => t.duration > 50).length, 'tasks', 0, 0);
    const cpuTasks = mainThreadTasksByCpu(traceEvents);
    const overCpu = cpuTasks.filter((t) => t.cpu > 50);
    const heaviest = [...cpuTasks].sort((a, b) => b.cpu - a.cpu).slice(0, 6);
    console.log(
      `      by CPU time (load does not stretch it): ${overCpu.length} tasks over 50 ms CPU from sign-in on; heaviest ` +
        `(s after sign-in / ms CPU / ms wall): ${heaviest.map((t) => `${(t.at / 1000).toFixed(1)}/${t.cpu.toFixed(0)}/${t.wall.toFixed(0)}`).join(' ')}`,
    );
    // The snapshot fills the store in the seconds after sign-in; every remaining wall-time long task fell there.
    const signInPhase = cpuTasks.filter((t) => t.at < signInPhaseMs);
    console.log(
      `      the first ${signInPhaseMs / 1000} s after sign-in: the main thread ran ${sum(signInPhase.map((t) => t.cpu)).toFixed(0)} ms of CPU ` +
        `in ${signInPhase.length} tasks (${sum(signInPhase.map((t) => t.wall)).toFixed(0)} ms of wall time), ` +
        `${signInPhase.filter((t) => t.wall > 25).length} of them over 25 ms of wall time`,
    );
    line('p95 frame interval', percentile(intervals, 95), 'ms', 17.5);
    // Issue 37's figure, counted by CPU time like the long tasks (docs/decisions/dashboard.md#busy-share-by-cpu-time);
    // the wall-time share beside it adds the main thread's waits for a core inside its tasks.
    const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
    line('main-thread busy share by CPU time (issue 37)', busy.cpu * 100, '%', 20);
    console.log(`      by wall time ${pct(busy.wall)} (the dashboard alone, the window above)`);
    // Its ceiling: the plain DOM page beside the still open dashboard, both in one window of the machine's load
    // (docs/decisions/dashboard.md#side-by-side-with-the-plain-page).
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)} ×`;
    console.log(
      `      side by side for ${pair.seconds} s (plain DOM page, same feed, ${pair.rows} rows, ${pair.probes} probes; issue 37 ` +
        `filed it at 14.6 %): busy by CPU time, the dashboard ${pct(pair.dashboard.whole.cpu)}, the plain page ` +
        `${pct(pair.plain.whole.cpu)}; by wall time ${pct(pair.dashboard.whole.wall)} and ${pct(pair.plain.whole.wall)}`,
    );
    line(
      'dashboard / plain DOM busy share by CPU time, side by side',
      pair.dashboard.whole.cpu / pair.plain.whole.cpu,
      '×',
      1.37,
      2,
    );
    const sliceRatios = pair.dashboard.slices.map((d, i) => d.cpu / pair.plain.slices[i]!.cpu);
    console.log(
      `      in each ${(pair.seconds / slices).toFixed(0)} s slice: ${sliceRatios.map((r) => r.toFixed(2)).join(', ')} × ` +
        `(${Math.min(...sliceRatios).toFixed(2)}–${Math.max(...sliceRatios).toFixed(2)} ×); by wall time ${ratio(pair.dashboard.whole.wall, pair.plain.whole.wall)}; ` +
        `the whole main thread by the kernel's clock (schedstat, traced tasks or not) ${pct(pair.dashboardMainRan)} against ` +
        `${pct(pair.plainMainRan)}: ${ratio(pair.dashboardMainRan, pair.plainMainRan)}`,
    );
    if (pair.machine) console.log(`      side by side, ${describeMachineShare(pair.machine)[0]}`);
    line('login answer to first painted rows', (firstRowsAt! - (milestones.loginAnswered ?? signInAt)) / 1000, 's', 0.5, 2);
    line('sign-in click to first painted rows', (firstRowsAt! - signInAt) / 1000, 's', 1.5, 2);
    line('JS heap (peak used)', peakHeap / 1024 / 1024, 'MB', 150);
    if (process.env.BENCH_PROFILE) describeLongTasks(traceEvents);
    if (process.env.BENCH_PAINT) describeRenderingCpu(traceEvents);
    const since = (at?: number) => (at === undefined ? '?' : `${((at - signInAt) / 1000).toFixed(2)} s`);
    console.log(
      `      sign-in path: login answered ${since(milestones.loginAnswered)}, socket opened ${since(milestones.socketOpened)}, ` +
        `snapshot received ${since(milestones.snapshotReceived)} (stamped by ${snapshotStampedBy}), rows painted ${since(firstRowsAt!)}; ` +
        `the guard's GET /login answered ${since(milestones.guardSignedIn)}, GET /roles/@me ${since(milestones.guardPermissions)}`,
    );
    const live = frameSizes.slice(2);
    console.log(
      `      live feed: ${frameSizes.length} messages, snapshot ${(snapshotBytes / 1e6).toFixed(2)} MB ` +
        `(parts of ${snapshotParts.map((n) => (n / 1e6).toFixed(2)).join(', ')} MB), then mean ` +
        `${(sum(live) / Math.max(1, live.length) / 1000).toFixed(0)} kB, largest ${(Math.max(0, ...live) / 1e6).toFixed(2)} MB`,
    );
    const over = longTasks.filter((t) => t.duration > 50);
    if (over.length > 0) {
      console.log(
        `      long tasks at (s after sign-in / ms): ${over.map((t) => `${((t.start - signInPerf) / 1000).toFixed(1)}/${t.duration.toFixed(0)}`).join(' ')}`,
      );
    }
    const worst = longTasks.reduce((m, t) => Math.max(m, t.duration), 0);
    console.log(
      `      details: ${frames.length} frames, median interval ${percentile(intervals, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(intervals, 99).toFixed(1)} ms; longest task ${worst.toFixed(0)} ms; script ${(script * 100).toFixed(1)} %, ` +
        `style+layout ${(layout * 100).toFixed(1)} % of wall time; main-thread CPU time ${(cpu * 100).toFixed(1)} % ` +
        `(busy share by wall time is the renderer main thread's top-level tasks' wall time, which includes waiting for a CPU on a loaded machine; ` +
        `CDP TaskDuration says ${(taskDurationShare * 100).toFixed(1)} %)`,
    );
  } finally {
    await feeder?.stop();
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
