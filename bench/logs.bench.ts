// Browser benchmark of the Logs page: 20,000 entries loaded through infinite scroll, then
// scrolling through them with auto-refresh on. The real server and sign-in; the log pages come from a
// route mock so the count is exact. The frame intervals' p95 is wall time; beside it the page's main-thread CPU per
// frame (Chromium's trace) and how long that thread waited for a core (machine-share.ts), as a loaded machine stretches
// the first and not the second (docs/decisions/admin.md#scroll-frames).
// Run: node --import tsx bench/logs.bench.ts  (env: BENCH_LOG_ENTRIES)
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { percentile } from './figures';
import { describeMachineShare, machineShare, takeMachineSample } from './machine-share';
import { mainThreadCpuBetweenMarks, type TraceEvent } from './renderer-trace';
import { startServer } from '../e2e/server';
import { benchLaunchOptions } from '../playwright.config';

const total = Number(process.env.BENCH_LOG_ENTRIES ?? 20_000);
const baseMs = Date.UTC(2026, 10, 23, 8, 0, 0);
const esc = '\u001b';
const entry = (n: number) => ({
  ts: `${baseMs + n}${String(n % 1_000_000).padStart(6, '0')}`,
  level: n % 17 === 0 ? 'warn' : 'info',
  msg: `${esc}[34mGET${esc}[39m /api/probes/P-${String(n % 500).padStart(4, '0')} ${esc}[32m200${esc}[39m ${(n % 90) / 10} ms`,
});

async function main() {
  const server = await startServer();
  const browser = await chromium.launch(benchLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    let newest = total;
    await page.route('**/api/system/logs?*', async (route) => {
      const params = new URL(route.request().url()).searchParams;
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      const page: ReturnType<typeof entry>[] = [];
      for (let n = newest - offset; n > newest - offset - limit && n > 0; n -= 1) page.push(entry(n));
      await route.fulfill({ json: page });
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password' }).fill(server.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${server.url}/logs`);
    const log = page.getByRole('log', { name: 'Log entries' });
    await log.waitFor();

    const loadStart = Date.now();
    while (!(await log.getByText('No more logs available').isVisible())) {
      await log.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(10);
    }
    const loadSeconds = (Date.now() - loadStart) / 1000;

    // New entries keep arriving on top while the reader scrolls.
    await page.getByLabel('Auto-refresh').check();
    const refresher = setInterval(() => (newest += 3), 1000);
    const cdp = await page.context().newCDPSession(page);
    const traceEvents: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => traceEvents.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
    const machineBefore = takeMachineSample();
    // Wheel-like scrolling: 120 px a frame from somewhere in the middle of the loaded entries; a mark at each frame
    // for the trace's CPU per frame.
    const frames = await log.evaluate(async (element) => {
      const durations: number[] = [];
      element.scrollTop = element.scrollHeight / 2;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      let last = performance.now();
      performance.mark('bench-frame');
      for (let step = 0; step < 300; step += 1) {
        element.scrollTop += 120;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        performance.mark('bench-frame');
        const now = performance.now();
        durations.push(now - last);
        last = now;
      }
      return durations;
    });
    const machineAfter = takeMachineSample();
    clearInterval(refresher);
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await traced;
    const cpuPerFrame = mainThreadCpuBetweenMarks(traceEvents, 'bench-frame');
    frames.sort((a, b) => a - b);
    const p95 = frames[Math.floor(frames.length * 0.95)]!;
    const rows = await log.locator('[data-index]').count();
    console.log(`entries loaded through infinite scroll: ${total} in ${loadSeconds.toFixed(1)} s`);
    console.log(
      `scroll frame time p50 ${frames[frames.length >> 1]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target p95 < 33 ms; ` +
        `wall time, machine load ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `      beside: the page's main-thread CPU per frame p50 ${percentile(cpuPerFrame, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(cpuPerFrame, 95).toFixed(1)} ms, max ${Math.max(...cpuPerFrame).toFixed(1)} ms (${cpuPerFrame.length} frames)`,
    );
    if (machineBefore && machineAfter)
      for (const text of describeMachineShare(machineShare(machineBefore, machineAfter, server.process.pid)))
        console.log(`      ${text}`);
    console.log(`rows in the DOM: ${rows} (target < 100: only the visible rows)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
