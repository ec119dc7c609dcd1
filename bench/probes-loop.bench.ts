// The event loop while the whole plant is walked (docs/security.md "Probe data bounds"): 100,000 probes in
// a real app listening on a port with one live socket open, then
//  1. a threshold change (re-evaluates every probe, raising a Warning alarm on each): the request itself, then
//     what follows it (the live hub's flush of 100,000 changed probes and 100,000 alarms, the alarms journal
//     and the probe snapshot writing 100,000 rows);
//  2. GET /probes over a real socket, read by the same child process as the live socket (the body is parsed
//     there, after the measurement): read here, its 105 MB of received Buffers stayed alive in the measured
//     process and set off one or two extra major GCs during the listing (docs/decisions/security.md#loop-blocks-named).
// Each prints the longest time the event loop was held beside the 50 ms target, and the load average (figures
// measured while other work loads the machine are pessimistic); then that block and every block over 50 ms split
// by the main thread's scheduler counters (bench/loop-blocks.ts) into its own CPU (GC pauses given apart), waiting
// to run (preempted) and off a CPU otherwise, and named our work or waiting. Run: node bench/run.mjs probes-loop
// (env: BENCH_PROBES). Bounded: about 60 s on one loaded core.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { constants as gcConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ProbeReportInput } from '@bpm/protocol';
import { createTestApp } from '../apps/server/src/testing/test-app';
import { LoopBlocks } from './loop-blocks';

const probeCount = Number(process.env.BENCH_PROBES ?? 100_000);
const report = (i: number): ProbeReportInput => ({
  probeID: `P-${i}`,
  readings: [{ origin: 'CAN', temperature: 30, valid: true }],
  batteryPercentage: 80,
  assignment: { buildStage: null, agv: null, batteryPack: { id: i, name: `Pack ${i}` }, expectingCANData: true },
});

/**
 * The longest garbage-collection pause seen since the last reset (part of any event-loop block), and all of them;
 * the major GCs since the reset, and how many of them V8 started because external memory (ArrayBuffers, so
 * every Buffer) grew by its limit (~64 MB) since the last one: their marking steps run in whatever allocates.
 */
let longestGcMs = 0;
const majorGcs = { count: 0, external: 0 };
const gcPauses = { count: 0, totalMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    longestGcMs = Math.max(longestGcMs, entry.duration);
    gcPauses.count += 1;
    gcPauses.totalMs += entry.duration;
    const { kind, flags } = (entry as { detail?: unknown }).detail as { kind: number; flags: number };
    // One MAJOR entry per major GC (its final pause); the INCREMENTAL one is the pause that starts its marking.
    if (kind !== gcConstants.NODE_PERFORMANCE_GC_MAJOR) continue;
    majorGcs.count += 1;
    if (flags & gcConstants.NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY) majorGcs.external += 1;
  }
}).observe({ entryTypes: ['gc'] });

interface Window {
  blockMs: number;
  gcMs: number;
  majorGcs: number;
  externalGcs: number;
  arrayBuffersMB: number;
  /** The same window's blocks as the main thread's scheduler counters saw them: work or waiting. */
  blocks: LoopBlocks;
}

/** The longest event-loop block while `work` runs, the longest GC pause within it and its major GCs. */
async function longestBlock(work: () => Promise<unknown>): Promise<Window> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  longestGcMs = 0;
  Object.assign(majorGcs, { count: 0, external: 0 });
  const blocks = new LoopBlocks();
  const from = performance.now();
  histogram.enable();
  blocks.start();
  await work();
  blocks.stop();
  histogram.disable();
  longestTasks?.(from, performance.now());
  return {
    blockMs: histogram.max / 1e6,
    gcMs: longestGcMs,
    majorGcs: majorGcs.count,
    externalGcs: majorGcs.external,
    arrayBuffersMB: process.memoryUsage().arrayBuffers / 1e6,
    blocks,
  };
}
/**
 * Preloaded, bench/longest-tasks.mjs lists the longest top-level callbacks of each
 * window (a callback and its microtasks, labelled by where it was scheduled): which single task holds the loop.
 */
const longestTasks = (globalThis as { longestTasks?: (fromMs: number, toMs: number) => void }).longestTasks;
const shown = (m: Window) => {
  const { longest, above, asleep } = m.blocks.describe(50);
  return (
    `longest event-loop block ${m.blockMs.toFixed(1)} ms (target ≤ 50 ms; longest GC pause in it ${m.gcMs.toFixed(1)} ms; ` +
    `major GCs ${m.majorGcs}, started by external memory ${m.externalGcs}; ArrayBuffers at the end ${m.arrayBuffersMB.toFixed(0)} MB)` +
    `\n    its longest block, ${longest}` +
    `\n    blocks over 50 ms: ${above}` +
    `\n    blocks with over 10 ms asleep outside GC pauses (file I/O or a lock): ${asleep}`
  );
};

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const t = await createTestApp({ maxProbes: probeCount });
  let live: ChildProcess | undefined;
  try {
    const cookie = await t.loginAsAdmin();
    const headers = { cookie, origin: 'http://localhost' };
    for (let start = 0; start < probeCount; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, probeCount - start) }, (_, i) => report(start + i));
      await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: batch });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;

    // One live socket (spec format) that reads everything, in a child process so that its reading is not
    // counted here: the hub serialises every flush for it. A line "?" on its stdin asks for "bytes messages";
    // a line "GET" reads GET /api/probes (answering "got <bytes>" at its end, then "listed <count>" once parsed).
    live = spawn(
      process.execPath,
      [
        '-e',
        `const WebSocket = require('ws'); const http = require('node:http'); let bytes = 0, messages = 0;
         const s = new WebSocket('ws://127.0.0.1:${port}/', { headers: { cookie: process.argv[1], origin: 'http://127.0.0.1:${port}' } });
         s.on('message', (d) => { bytes += d.length; messages += 1; });
         s.on('open', () => console.log('open'));
         const list = () => http.get({ host: '127.0.0.1', port: ${port}, path: '/api/probes', headers: { cookie: process.argv[1] } }, (r) => {
           const chunks = [];
           r.on('data', (c) => chunks.push(c));
           r.on('end', () => { const body = Buffer.concat(chunks); console.log('got ' + body.length); console.log('listed ' + JSON.parse(body.toString()).length); });
         });
         process.stdin.on('data', (d) => { for (const line of d.toString().trim().split('\\n')) line === 'GET' ? list() : console.log(bytes + ' ' + messages); });`,
        cookie,
      ],
      { cwd: 'apps/server', stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines: string[] = [];
    live.stdout!.on('data', (d: Buffer) => lines.push(...d.toString().trim().split('\n')));
    /** Writes `ask` to the child; answers the index of the next line it prints. */
    const ask = (line: string) => {
      const from = lines.length;
      live!.stdin!.write(`${line}\n`);
      return from;
    };
    /** The first line from index `from` on that starts with `prefix` (without it), once the child printed it. */
    const lineFrom = async (from: number, prefix: string, everyMs = 20) => {
      let found: string | undefined;
      while (!(found = lines.slice(from).find((l) => l.startsWith(prefix)))) await sleep(everyMs);
      return found.slice(prefix.length);
    };
    const received = async () => {
      const [bytes, messages] = (await lineFrom(ask('?'), '')).split(' ').map(Number);
      return { bytes: bytes!, messages: messages! };
    };
    // The socket connecting (the hub sends it 100,000 probes), and the probe snapshot timer (5 s) writing the ingest.
    const connecting = await longestBlock(async () => {
      while (!lines.includes('open')) await sleep(50);
      await sleep(6000);
    });
    const before = await received();

    const flushMs: number[] = [];
    const sliceProbes: number[] = [];
    t.app.liveHub.onFlush = (stats) => {
      flushMs.push(stats.durationMs);
      sliceProbes.push(stats.probes);
    };
    // CPU time and GC pauses from the change to the end of what follows it (load distorts them less than blocks).
    const cpuFrom = process.cpuUsage();
    Object.assign(gcPauses, { count: 0, totalMs: 0 });
    console.log(`load average before: ${load()}`);
    const reevaluate = await longestBlock(() =>
      t.app.inject({ method: 'PUT', url: '/api/system/config', headers, payload: { batteryLevelWarning: 85 } }),
    );
    // What follows the answer: the hub's next flushes (every 100 ms), the alarms journal (every second) and
    // the probe snapshot (every 5 s) writing 100,000 rows.
    const after = await longestBlock(() => sleep(7000));
    const cpu = process.cpuUsage(cpuFrom);
    const gcAfter = { ...gcPauses };
    const since = await received();
    console.log(
      `live socket: ${((since.bytes - before.bytes) / 1e6).toFixed(1)} MB in ${since.messages - before.messages} messages after the change`,
    );

    let bodyBytes = 0;
    let listing = 0;
    const list = await longestBlock(async () => {
      listing = ask('GET');
      bodyBytes = Number(await lineFrom(listing, 'got ', 5));
    });
    console.log(`probes: ${await lineFrom(listing, 'listed ')}`);
    console.log(`a live socket connecting, then the ingest's snapshot write: ${shown(connecting)}`);
    console.log(`threshold re-evaluation (the request): ${shown(reevaluate)}`);
    console.log(`after it (hub flush, alarms journal, snapshot write): ${shown(after)}`);
    const at = (values: number[], q: number) =>
      (values.sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0).toFixed(1);
    console.log(
      `live hub flushes (one slice each): ${flushMs.length}, p50 ${at(flushMs, 0.5)} ms, p90 ${at(flushMs, 0.9)} ms, longest ${at(flushMs, 1)} ms; probes per slice p50 ${at(sliceProbes, 0.5)}, fewest ${at(sliceProbes, 0)}`,
    );
    console.log(
      `the change and the 7 s after it: CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; GC pauses ${gcAfter.count}, ${gcAfter.totalMs.toFixed(0)} ms in all`,
    );
    console.log(`GET /probes (${(bodyBytes / 1e6).toFixed(1)} MB): ${shown(list)}`);
    console.log(`heap used: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
    // What a major GC has to mark at the end (100,000 probes, their alarms and the hub's state): the process CPU
    // of a forced full GC, the least of three (CPU time, which the machine's load distorts less than a pause).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const gcCpuMs: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const from = process.cpuUsage();
      gc();
      const used = process.cpuUsage(from);
      gcCpuMs.push((used.user + used.system) / 1000);
    }
    console.log(
      `a full GC at the end: CPU ${Math.min(...gcCpuMs).toFixed(1)} ms (least of three); heap live after it ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
    );
    console.log(`load average after: ${load()}`);
  } finally {
    live?.kill();
    await t.close();
  }
}

void main();
