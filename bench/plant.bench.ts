// Browser benchmark of the Plant page (issue 40, docs/screens.md (Plant)): a built server fed 10,000 simulated probes at
// 1 Hz by the simulator (bench/live-bench-kit.ts), the page open in headless Chromium at 1400 × 900: first the time from
// opening /plant, signed in, to its first painted tiles, and from the sidebar's Plant link to them; then the Line view
// and the Floor view, each measured for BENCH_SECONDS: p95 frame interval and long tasks, by CPU time (load does not
// stretch it; docs/decisions/dashboard.md#tasks-by-cpu-time) with the wall-time count beside. Figures beside targets.
// Run: node --import tsx bench/plant.bench.ts  (env: BENCH_PROBES, BENCH_SECONDS, BPM_BENCH_CHROMIUM, BENCH_PROFILE=1 for the
// hottest functions of each view)
/// <reference lib="dom" />
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { percentile } from './figures';
import { metric, sleep, startSession, startSimulator, stopProcess } from './live-bench-kit';
import { mainThreadTasksByCpu, type TraceEvent } from './renderer-trace';
import { benchLaunchOptions } from '../playwright.config';

const probeCount = Number(process.env.BENCH_PROBES ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const targets = { p95FrameMs: 17.5, longTasks: 0, firstTilesSeconds: 1 };

/** Page-side probes: long tasks, frame times, and when the first Plant tiles were painted (reset before a navigation). */
function instrumentPage() {
  const w = window as unknown as {
    __plant: {
      longTasks: { start: number; duration: number }[];
      frames: number[];
      firstTilesAt: number | null;
      socket: { created?: number; opened?: number; firstMessage?: number; pageAt?: number };
    };
  };
  w.__plant = { longTasks: [], frames: [], firstTilesAt: null, socket: {} };
  // The live socket's milestones (page ms): created, opened, its first message (part 0 of the snapshot).
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      // The last socket's: a page opened signed out had one refused before the sign-in.
      const socket: typeof w.__plant.socket = { pageAt: w.__plant.socket.pageAt, created: performance.now() };
      w.__plant.socket = socket;
      this.addEventListener('open', () => (socket.opened ??= performance.now()));
      this.addEventListener('message', () => (socket.firstMessage ??= performance.now()));
    }
  };
  // Room for every chunk and request of a first load (the default buffer keeps 250).
  performance.setResourceTimingBufferSize(5000);
  // The bench's time origin for the trace's CPU tasks (renderer-trace.ts reads this mark).
  performance.mark('bench-sign-in');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__plant.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const frame = (t: number) => {
    w.__plant.frames.push(t);
    // The Plant page itself (its View switch), before its first lanes.
    if (w.__plant.socket.pageAt === undefined && document.querySelector('[aria-label="View"]'))
      w.__plant.socket.pageAt = t;
    // Tiles present at the start of a frame are painted by that frame.
    if (w.__plant.firstTilesAt === null && document.querySelector('section[aria-labelledby^="lane-"] li button'))
      w.__plant.firstTilesAt = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface PageFigures {
  longTasks: { start: number; duration: number }[];
  frames: number[];
  firstTilesAt: number | null;
  socket: { created?: number; opened?: number; firstMessage?: number; pageAt?: number };
}
const figures = (page: Page) => page.evaluate(() => (window as unknown as { __plant: PageFigures }).__plant);
const now = (page: Page) => page.evaluate(() => performance.now());
const waitForTiles = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __plant: PageFigures }).__plant.firstTilesAt !== null, null, {
    timeout: 120_000,
  });

/** Where the time to the first tiles went (page ms): the document, its scripts, the chunks, the guard, the socket. */
async function pathMilestones(page: Page, from: number): Promise<string> {
  const m = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // When the last such request was asked for and answered.
    const lastEnd = (test: (name: string) => boolean) => {
      const matching = resources.filter((r) => test(new URL(r.name).pathname));
      const last = matching.reduce<PerformanceResourceTiming | undefined>(
        (latest, r) => (latest && latest.responseEnd >= r.responseEnd ? latest : r),
        undefined,
      );
      return last ? [last.startTime, last.responseEnd] : [Number.NaN, Number.NaN];
    };
    const socket = (window as unknown as { __plant: PageFigures }).__plant.socket;
    return {
      document: navigation?.responseEnd ?? Number.NaN,
      scripts: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      signedInChunk: lastEnd((path) => /signed-in-screens-[^/]*\.js$/.test(path)),
      plantChunk: lastEnd((path) => /plant-page-[^/]*\.js$/.test(path)),
      guardLogin: lastEnd((path) => path === '/api/login'),
      guardRole: lastEnd((path) => path === '/api/roles/@me'),
      ...socket,
    };
  });
  const at = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? '–' : `${((ms - from) / 1000).toFixed(2)} s`);
  const asked = ([start, end]: number[]) => `${at(start)}→${at(end)}`;
  return (
    `document ${at(m.document)}, scripts run ${at(m.scripts)}, signed-in chunk ${asked(m.signedInChunk)}, Plant chunk ` +
    `${asked(m.plantChunk)}, guard GET /login ${asked(m.guardLogin)} and /roles/@me ${asked(m.guardRole)}, socket created ` +
    `${at(m.created)}, open ${at(m.opened)}, first message ${at(m.firstMessage)}, the page (no tiles yet) ${at(m.pageAt)}`
  );
}

/**
 * The sign-in a user makes to reach the Plant page: /plant opened signed out, the guard's way to Login (which keeps
 * /plant as `next`), Login clicked; from the login answer (and from the click) to the first painted tiles, in a
 * context of its own (cold cache, no session).
 */
async function signInToPlant(
  browser: import('@playwright/test').Browser,
  session: Awaited<ReturnType<typeof startSession>>,
): Promise<{ fromAnswer: number; fromClick: number; path: string } | null> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.addInitScript(instrumentPage);
    await page.goto(`${session.server.url}/plant`, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByLabel('Username').fill('admin', { timeout: 120_000 });
    await page.getByRole('textbox', { name: 'Password' }).fill(session.server.adminPassword);
    let answeredAt: number | null = null;
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname !== '/api/login' || request.method() !== 'POST') return;
      const { startTime, responseEnd } = request.timing();
      answeredAt ??= startTime + responseEnd;
    });
    const clickedAt = await now(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.mouse.move(700, 20);
    // A build without Login's `next` lands on the Dashboard: nothing to time then.
    const landed = await Promise.race([
      waitForTiles(page).then(() => 'plant'),
      page.getByRole('table', { name: 'Probes' }).waitFor({ timeout: 120_000 }).then(() => 'dashboard'),
    ]);
    if (landed === 'dashboard') return null;
    const { firstTilesAt } = await figures(page);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    for (let i = 0; answeredAt === null && i < 50; i++) await sleep(100);
    const answeredPageMs = answeredAt! - timeOrigin;
    return {
      fromAnswer: firstTilesAt! - answeredPageMs,
      fromClick: firstTilesAt! - clickedAt,
      path: await pathMilestones(page, answeredPageMs),
    };
  } finally {
    await context.close();
  }
}

function line(name: string, value: number, unit: string, target: number, decimals = 1) {
  const ok = value <= target;
  console.log(
    `${ok ? 'PASS' : 'MISS'}  ${name.padEnd(52)} ${value.toFixed(decimals).padStart(8)} ${unit.padEnd(6)} target ≤ ${target} ${unit}` +
      (ok ? '' : ` — MISSED by ${(value - target).toFixed(decimals)} ${unit}`),
  );
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_PROFILE=1: the functions that took the most self time in a window, to find what to make cheaper. */
function printHottest(name: string, profile: Profile) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log(`      ${name}: hottest functions (ms self time)`);
  for (const [key, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${(us / 1000).toFixed(0).padStart(9)}  ${key}`);
}

/** Measures `seconds` of the page as it is: returns the window (page ms) for the trace's CPU tasks. */
async function measureWindow(page: Page, cdp: CDPSession, name: string): Promise<{ from: number; to: number }> {
  if (process.env.BENCH_PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const from = await now(page);
  await sleep(seconds * 1000);
  const to = await now(page);
  if (process.env.BENCH_PROFILE)
    printHottest(name, ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile);
  return { from, to };
}

function report(
  name: string,
  all: PageFigures,
  cpuTasks: { at: number; cpu: number; wall: number }[],
  window: { from: number; to: number },
) {
  const frames = all.frames.filter((t) => t >= window.from && t <= window.to);
  const intervals = frames.slice(1).map((t, i) => t - frames[i]!);
  const wallLong = all.longTasks.filter((t) => t.start >= window.from && t.start < window.to && t.duration > 50);
  const inWindow = cpuTasks.filter((t) => t.at >= window.from && t.at < window.to);
  const cpuLong = inWindow.filter((t) => t.cpu > 50);
  console.log(`\n${name}: ${frames.length} frames in ${((window.to - window.from) / 1000).toFixed(0)} s`);
  line(`${name}: p95 frame interval`, percentile(intervals, 95), 'ms', targets.p95FrameMs);
  line(`${name}: long tasks over 50 ms of CPU`, cpuLong.length, 'tasks', targets.longTasks, 0);
  const heaviest = [...inWindow].sort((a, b) => b.cpu - a.cpu).slice(0, 4);
  console.log(
    `      beside: ${wallLong.length} tasks over 50 ms of wall time (${wallLong.map((t) => t.duration.toFixed(0)).join(', ') || 'none'}); ` +
      `median frame ${percentile(intervals, 50).toFixed(1)} ms, p99 ${percentile(intervals, 99).toFixed(1)} ms; heaviest tasks ` +
      `(ms CPU / wall): ${heaviest.map((t) => `${t.cpu.toFixed(0)}/${t.wall.toFixed(0)}`).join(' ')}`,
  );
}

async function main() {
  const session = await startSession();
  const simulator = startSimulator(session, { probes: probeCount, rate: 1 });
  const browser = await chromium.launch(benchLaunchOptions);
  try {
    console.log(`waiting for ${probeCount} probes…`);
    for (let i = 0; (await metric(session, 'bpm_probes')) < probeCount; i++) {
      if (i > 120) throw new Error('the probes did not all arrive within a minute');
      await sleep(500);
    }
    const signedIn = await signInToPlant(browser, session);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const [name, value] = session.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: session.server.url }]);
    const page = await context.newPage();
    // tsx compiles with esbuild's keepNames, which wraps named functions in __name(): define it in the page.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.addInitScript(instrumentPage);
    const cdp = await context.newCDPSession(page);
    const traceEvents: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => traceEvents.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });

    // Opened signed in: from the navigation's start (time 0 of the page) to the first painted tiles.
    // Not the load event: on a loaded machine it came after 30 s, while the first tiles are what is timed.
    if (process.env.BENCH_PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    await page.goto(`${session.server.url}/plant`, { waitUntil: 'commit', timeout: 120_000 });
    await page.mouse.move(700, 20);
    await waitForTiles(page);
    if (process.env.BENCH_PROFILE)
      printHottest('open /plant', ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile);
    const opened = (await figures(page)).firstTilesAt!;
    // Where the time went: the document, its scripts, the chunks, the guard, then the feed and the first lanes.
    const loading = await pathMilestones(page, 0);
    await sleep(3000);

    const lineWindow = await measureWindow(page, cdp, 'Line view');
    await page.getByText('Floor', { exact: true }).click();
    await page.getByRole('img', { name: /^Floor:/ }).waitFor();
    await page.mouse.move(700, 20);
    await sleep(2000);
    const floorWindow = await measureWindow(page, cdp, 'Floor view');

    // From another page: the sidebar's link to the first tiles, the store already full (an operator switching pages).
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('table', { name: 'Probes' }).waitFor();
    await page.evaluate(() => ((window as unknown as { __plant: PageFigures }).__plant.firstTilesAt = null));
    const clickedAt = await now(page);
    await page.getByRole('link', { name: 'Plant' }).click();
    await waitForTiles(page);
    const navigated = (await figures(page)).firstTilesAt! - clickedAt;
    await page.evaluate(() => performance.mark('bench-window-end'));

    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await traced;
    const all = await figures(page);
    const cpuTasks = mainThreadTasksByCpu(traceEvents);
    const total = await metric(session, 'bpm_probes');
    const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1));
    console.log(
      `\nPlant page benchmark: ${total} probes at 1 Hz, ${seconds} s per view, 1400 × 900; machine load ${load.join(' / ')}`,
    );
    if (signedIn) {
      line('sign in (/plant → Login) → login answer → first tiles', signedIn.fromAnswer / 1000, 's', targets.firstTilesSeconds, 2);
      console.log(`      from the Login click ${(signedIn.fromClick / 1000).toFixed(2)} s; from the login answer: ${signedIn.path}`);
    } else console.log('MISS  sign in (/plant → Login) → first tiles: the sign-in landed on the Dashboard, not on /plant');
    line('open /plant signed in → first painted tiles', opened / 1000, 's', targets.firstTilesSeconds, 2);
    const openingTasks = cpuTasks.filter((t) => t.at < opened && t.cpu >= 15);
    console.log(
      `      tasks of ≥ 15 ms CPU before them (s: ms CPU / wall): ${openingTasks
        .map((t) => `${(t.at / 1000).toFixed(2)}: ${t.cpu.toFixed(0)}/${t.wall.toFixed(0)}`)
        .join(', ')}`,
    );
    console.log(`      main-thread CPU before them ${cpuTasks
        .filter((t) => t.at < opened)
        .reduce((sum, t) => sum + t.cpu, 0)
        .toFixed(0)} ms; ${loading}`);
    line('sidebar link Plant → first painted tiles', navigated / 1000, 's', targets.firstTilesSeconds, 2);
    report('Line view', all, cpuTasks, lineWindow);
    report('Floor view', all, cpuTasks, floorWindow);
  } finally {
    await browser.close();
    await stopProcess(simulator);
    await session.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
