// The ceiling issue 37 cites (a plain DOM page doing the dashboard's updates measured 14.6 % busy where the dashboard
// was 23.3 %), measured in the dashboard bench's run beside the open dashboard, both pages in one trace of the same
// window, so the machine's load falls on both alike (docs/decisions/dashboard.md#side-by-side-with-the-plain-page).
//
// What it does like the dashboard: the same session cookie, the same live WebSocket (`/`, bpm.compact.v1, the web
// client's default), each frame parsed, the probes kept in a Map by handle with every record applied; the same order
// (state highest first, then probe ID) recomputed over all probes after each message; as many rows as the dashboard
// had mounted, each with its twelve cells (ID, state, stage over pack, two event lines, external and internal
// temperature, connection, assignment, watchdog ring, battery, a menu button) written when they change; the watchdog
// ring's arc (in steps of 1/50 of the ring) and colour written at every 100 ms tick when they change (grey → amber at
// 66 % elapsed → red), the digit and its aria-label at each whole second.
// What it leaves out: React, Mantine and the router; the top bar, the cards, pills and counts above the table; the
// alarms stream's own rendering; icons (state and battery as text); the temperature history, transient-event
// expiry and the Unacknowledged markers; a virtualised scroller (the rows are fixed slots whose contents change).
// BENCH_PLAIN_TRACE=<file> writes that trace's events (both pages).
/// <reference lib="dom" />
import type { Browser, Page } from '@playwright/test';
import type { RunningServer } from '../e2e/server';
import { machineShare, rendererMainRanShare, takeMachineSample, type MachineShare } from './machine-share';
import { describeRenderingCpu, markPid, rendererBusyShares, type BusyShare, type TraceEvent } from './renderer-trace';
import { watchdogArcSteps } from '../apps/web/src/live/stores/watchdog';

/** The page's script, run in the browser: no framework, direct DOM writes. */
function plainDomPage(rowCount: number, arcSteps: number): void {
  type Rec = Record<string, unknown> & { i: number; id?: string };
  interface Entry {
    id: string;
    rec: Record<string, unknown>;
    resetTick: number;
    alerted: boolean;
    /** state.state, kept for the sort */
    state: number;
  }
  const w = window as unknown as { __plain: { probes: number; messages: number } };
  w.__plain = { probes: 0, messages: 0 };
  const stateNames = ['Disabled', 'Normal', 'Warning', 'Critical'];
  const probes = new Map<number, Entry>();
  let ids: (string | null)[] = [];
  let timeoutSeconds = 5;
  let tick = 0;
  let order: Entry[] = [];
  let dirty = false;

  const el = (parent: Element, tag: string, cls = '') => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    parent.appendChild(e);
    return e;
  };
  const svgNs = 'http://www.w3.org/2000/svg';
  const table = el(document.body, 'div', 'table');
  table.setAttribute('role', 'table');
  const rows = Array.from({ length: rowCount }, () => {
    const row = el(table, 'div', 'row');
    row.setAttribute('role', 'row');
    const cells = Array.from({ length: 12 }, (_, i) => el(row, 'div', i === 2 || i === 3 ? 'cell half' : 'cell'));
    const svg = document.createElementNS(svgNs, 'svg');
    svg.setAttribute('width', '30');
    svg.setAttribute('height', '30');
    svg.setAttribute('role', 'img');
    const track = document.createElementNS(svgNs, 'circle');
    const arc = document.createElementNS(svgNs, 'circle');
    for (const c of [track, arc]) {
      c.setAttribute('cx', '15');
      c.setAttribute('cy', '15');
      c.setAttribute('r', '12');
      c.setAttribute('fill', 'none');
      c.setAttribute('stroke-width', '4');
      svg.appendChild(c);
    }
    track.setAttribute('stroke', '#dee2e6');
    arc.setAttribute('transform', 'rotate(-90 15 15)');
    const digit = document.createElementNS(svgNs, 'text');
    digit.setAttribute('x', '15');
    digit.setAttribute('y', '19');
    digit.setAttribute('text-anchor', 'middle');
    digit.setAttribute('font-size', '11');
    svg.appendChild(digit);
    cells[9]!.appendChild(svg);
    el(cells[11]!, 'button').textContent = '⋮';
    const lines = [el(cells[4]!, 'div'), el(cells[4]!, 'div')];
    return { row, cells, arc, digit, svg, lines, shown: '' };
  });
  const set = (e: { textContent: string | null }, text: string) => {
    if (e.textContent !== text) e.textContent = text;
  };
  const attr = (e: Element, name: string, value: string) => {
    if (e.getAttribute(name) !== value) e.setAttribute(name, value);
  };
  const state = (rec: Record<string, unknown>) => {
    const s = rec.s ?? 1;
    return Array.isArray(s)
      ? { n: s[0] as number, name: s[1] as string }
      : { n: s as number, name: stateNames[s as number] ?? '?' };
  };
  const named = (ref: unknown) => (Array.isArray(ref) ? String(ref[1]) : 'None');
  const reading = (rec: Record<string, unknown>, origin: number) => {
    const report = rec.r as [unknown, [number, number, number][]] | 0 | undefined;
    const found = report ? report[1].find((r) => Array.isArray(r) && r[0] === origin) : undefined;
    return found ? (found[2] ? `${found[1].toFixed(1)} °C` : 'Invalid') : 'No data';
  };
  const eventText = (e: unknown) => (Array.isArray(e) ? String(e[1]) : String((e as { eventString?: string }).eventString));

  // The order: state highest first, then probe ID (numbers within IDs compared as numbers, as the dashboard does).
  const byOrder = (a: Entry, b: Entry) =>
    b.state - a.state || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  function apply(records: Rec[], snapshot: boolean): void {
    for (const rec of records) {
      if (rec.id !== undefined) ids[rec.i] = rec.id;
      const id = ids[rec.i];
      if (!id) continue;
      let entry = probes.get(rec.i);
      const full = snapshot || rec.id !== undefined || !entry;
      if (!entry || full) {
        entry = { id, rec: {}, resetTick: tick, alerted: false, state: 1 };
        probes.set(rec.i, entry);
      }
      Object.assign(entry.rec, rec);
      entry.state = state(entry.rec).n;
      // docs/probe-data.md (Client watchdog): event 0 alerts it, any other update resets it.
      const events = (entry.rec.e ?? []) as unknown[];
      entry.alerted = events.some((e) => (Array.isArray(e) ? e[0] : (e as { eventCode?: number }).eventCode) === 0);
      if (!entry.alerted) entry.resetTick = tick;
    }
  }

  function drawRows(): void {
    dirty = false;
    order = [...probes.values()].sort(byOrder);
    w.__plain.probes = order.length;
    for (let i = 0; i < rows.length; i++) {
      const slot = rows[i]!;
      const entry = order[i];
      if (!entry) continue;
      const { rec } = entry;
      const st = state(rec);
      attr(slot.row, 'class', `row s${st.n}`);
      set(slot.cells[0]!, entry.id);
      set(slot.cells[1]!, st.name);
      const assignment = (rec.a ?? 0) as unknown[] | 0;
      set(slot.cells[2]!, named(assignment ? assignment[0] : 0));
      set(slot.cells[3]!, named(assignment ? assignment[2] : 0));
      const events = (rec.e ?? []) as unknown[];
      set(slot.lines[0]!, events[0] === undefined ? '' : eventText(events[0]));
      set(
        slot.lines[1]!,
        events[1] === undefined ? '' : eventText(events[1]) + (events.length > 2 ? ` +${events.length - 2} more` : ''),
      );
      set(slot.cells[5]!, reading(rec, 1));
      set(slot.cells[6]!, reading(rec, 0));
      set(slot.cells[7]!, rec.r ? 'Connected' : 'No report');
      set(slot.cells[8]!, Number(rec.b ?? 0) & 1 ? 'Monitoring' : 'Idle');
      set(slot.cells[10]!, `${String(rec.p ?? 0)} %`);
      slot.shown = entry.id;
    }
    drawRings();
  }

  // The watchdog ring: the arc (in its steps) and its colour at every tick, the digit at each whole second.
  const ringLength = 2 * Math.PI * 12;
  const mix = (t: number) => `rgb(250, ${Math.round(176 + (82 - 176) * t)}, ${Math.round(5 + (82 - 5) * t)})`;
  function drawRings(): void {
    for (let i = 0; i < rows.length; i++) {
      const entry = order[i];
      if (!entry) continue;
      const slot = rows[i]!;
      const tenths = Math.max(0, Math.round(timeoutSeconds * 10) - (tick - entry.resetTick));
      const alerted = entry.alerted || tenths === 0;
      const elapsed = alerted ? 1 : 1 - tenths / 10 / timeoutSeconds;
      // The dashboard's arc moves in whole steps of the ring (watchdogArcShare, apps/web/src/live/stores/watchdog.ts).
      const left = alerted ? 1 : Math.ceil((1 - elapsed) * arcSteps - 1e-9) / arcSteps;
      attr(slot.arc, 'stroke-dasharray', `${ringLength * left} ${ringLength}`);
      attr(
        slot.arc,
        'stroke',
        alerted ? 'rgb(250, 82, 82)' : elapsed <= 0.66 ? 'rgb(134, 142, 150)' : mix((elapsed - 0.66) / 0.34),
      );
      const seconds = Math.ceil(tenths / 10);
      set(slot.digit, String(seconds));
      attr(slot.svg, 'aria-label', alerted ? 'Watchdog alerted' : `Watchdog ${seconds} s left`);
    }
  }
  setInterval(() => {
    tick += 1;
    drawRings();
  }, 100);

  const socket = new WebSocket(`ws://${location.host}/`, ['bpm.compact.v1']);
  socket.onmessage = (event: MessageEvent<string>) => {
    const m = JSON.parse(event.data) as { c?: string; n?: number[]; ids?: (string | null)[]; p?: Rec[]; messageType?: string } & {
      systemInfo?: { timeoutSeconds: number };
      probes?: { probeID: string }[];
    };
    w.__plain.messages += 1;
    if (m.c === 's' || m.c === 'd') {
      if (m.c === 's' && m.n?.[0] === 0) {
        probes.clear();
        ids = m.ids ?? [];
      }
      apply(m.p ?? [], m.c === 's');
    } else if (m.messageType === 'systemConfig' && m.systemInfo) timeoutSeconds = m.systemInfo.timeoutSeconds;
    else if (m.messageType === 'probeDeletion')
      for (const { probeID } of m.probes ?? []) for (const [h, e] of probes) if (e.id === probeID) probes.delete(h);
    // The rows are drawn in the next frame, once for the messages that came before it.
    if (!dirty) {
      dirty = true;
      requestAnimationFrame(drawRows);
    }
  };
}

const css = `body{margin:0;font:14px system-ui,sans-serif}.table{width:1400px}
.row{display:grid;grid-template-columns:minmax(100px,1fr) 72px minmax(112px,1fr) minmax(220px,3fr) 92px 92px 96px 120px 92px 92px 48px;
height:40px;align-items:center;border-bottom:1px solid #e9ecef;overflow:hidden}.row>*{grid-row:1/span 2;overflow:hidden;white-space:nowrap}
.row>.half{grid-column:3;height:19px;font-size:12px}.row>.half:nth-child(3){grid-row:1}.row>.half:nth-child(4){grid-row:2}
.row>:nth-child(5){font-size:12px;line-height:16px}.s2{background:#fff9db}.s3{background:#fff5f5}`;

/** The two pages' figures over the same window (measureBesideDashboard). */
export interface SideBySideFigures {
  probes: number;
  rows: number;
  seconds: number;
  /** Busy share over the whole window, and in each of its equal slices. */
  dashboard: { whole: BusyShare; slices: BusyShare[] };
  plain: { whole: BusyShare; slices: BusyShare[] };
  /** Each page's whole main thread by the kernel's clock (schedstat), as a share of the window; NaN off Linux. */
  dashboardMainRan: number;
  plainMainRan: number;
  /** Who used the cores in the window; null off Linux. */
  machine: MachineShare | null;
}

/**
 * Opens the plain DOM page beside the open dashboard (its own context, on the server's origin so the session cookie
 * goes with the socket), waits for every probe, then traces the whole browser for `seconds`: both pages' main threads
 * in the same window of the machine's load (docs/decisions/dashboard.md#side-by-side-with-the-plain-page).
 */
export async function measureBesideDashboard(
  browser: Browser,
  dashboard: Page,
  server: RunningServer,
  cookie: string,
  options: { rows: number; probes: number; seconds: number; slices: number },
): Promise<SideBySideFigures> {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  // bypassCSP: the server's policy allows no inline script or style, and the page is one inline document.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const cdp = await browser.newBrowserCDPSession();
  try {
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    // tsx compiles with esbuild's keepNames, which wraps named functions in __name(): define it in the page. The
    // dashboard carries the bench's frame-interval loop (a requestAnimationFrame every frame): so does this page, or
    // only the dashboard's busy share would count a task per frame for the measuring itself.
    const frameLoop =
      'const frames = []; const frame = (t) => { frames.push(t); requestAnimationFrame(frame); }; requestAnimationFrame(frame);';
    const html = `<!doctype html><html><head><style>${css}</style><script>globalThis.__name = (f) => f; ${frameLoop}</script></head>
<body><script>(${plainDomPage.toString()})(${options.rows}, ${watchdogArcSteps})</script></body></html>`;
    // A document the server sent, then replaced: a page.route answer has no address, and Chromium's local network
    // access checks then block its socket to localhost.
    await page.goto(`${server.url}/api/health/live`);
    await page.setContent(html);
    await page.waitForFunction(
      (n) => (window as unknown as { __plain: { probes: number } }).__plain.probes >= n,
      options.probes,
      { timeout: 60_000 },
    );
    // A trace of the whole browser: each page's renderer is told apart by the pid of a mark made in it.
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const categories = ['toplevel,blink.user_timing', ...(process.env.BENCH_PAINT ? ['devtools.timeline'] : [])].join(',');
    await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
    await dashboard.evaluate(() => performance.mark('bench-dashboard-renderer'));
    const machineBefore = takeMachineSample();
    await page.evaluate(() => performance.mark('bench-window-start'));
    await page.waitForTimeout(options.seconds * 1000);
    await page.evaluate(() => performance.mark('bench-window-end'));
    const machineAfter = takeMachineSample();
    await page.evaluate(() => performance.mark('bench-plain-renderer'));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await traced;
    const dashboardPid = markPid(events, 'bench-dashboard-renderer');
    const plainPid = markPid(events, 'bench-plain-renderer');
    if (dashboardPid === undefined || plainPid === undefined || dashboardPid === plainPid)
      throw new Error(`the two pages' renderers were not told apart (pids ${dashboardPid}, ${plainPid})`);
    if (process.env.BENCH_PAINT) {
      console.log('      side by side, the dashboard:');
      describeRenderingCpu(events, dashboardPid);
      console.log('      side by side, the plain page:');
      describeRenderingCpu(events, plainPid);
    }
    if (process.env.BENCH_PLAIN_TRACE)
      (await import('node:fs')).writeFileSync(process.env.BENCH_PLAIN_TRACE, JSON.stringify(events));
    const probes = await page.evaluate(() => (window as unknown as { __plain: { probes: number } }).__plain.probes);
    const sampled = machineBefore !== null && machineAfter !== null;
    return {
      probes,
      rows: options.rows,
      seconds: options.seconds,
      dashboard: rendererBusyShares(events, dashboardPid, options.slices),
      plain: rendererBusyShares(events, plainPid, options.slices),
      dashboardMainRan: sampled ? rendererMainRanShare(machineBefore, machineAfter, dashboardPid) : Number.NaN,
      plainMainRan: sampled ? rendererMainRanShare(machineBefore, machineAfter, plainPid) : Number.NaN,
      machine: sampled ? machineShare(machineBefore, machineAfter, server.process.pid) : null,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
    await context.close();
  }
}
