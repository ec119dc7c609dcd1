// Alarms benchmark (docs/alarms.md, issue 11), bounded to about a minute and a half:
// 1. the journal's CPU per report: 10,000 probes at 1 Hz, 1 % of them starting to alarm each minute,
//    through the real ProbeService with and without the AlarmService watching, fed in turn, measured in the steady
//    state after 48 simulated seconds (target ≤ +10 %), beside a control of two engines without it, in three processes;
// 2. the summary over a table of 1,000,000 alarms (target ≤ 200 ms), for the last 24 hours (the
//    default range) and the last 7 days;
// 3. a filtered page of alarms (target ≤ 50 ms).
// Run: node --import tsx bench/alarms.bench.ts   (env: BENCH_ALARM_SECONDS, BENCH_ALARM_WARM_SECONDS, BENCH_ALARM_ROWS)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ProbeReport } from '@bpm/protocol';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest, migratorFor } from '../apps/server/src/db/migrate';
import { migrations } from '../apps/server/src/db/migrations/index';
import type { Database } from '../apps/server/src/db/schema';
import { scanSummary, summarise } from '../apps/server/src/modules/alarms/alarm-summary.queries';
import { listAlarms } from '../apps/server/src/modules/alarms/alarms.queries';
import { AlarmService } from '../apps/server/src/modules/alarms/alarms.service';
import { LiveHub } from '../apps/server/src/modules/live/hub';
import { ProbeService } from '../apps/server/src/modules/probes/probes.service';
import { checkpointThreadName } from '../apps/server/src/db/wal-checkpointer';
import { mainThreadCpuUs, threadCpuUs, threadsNamed } from './thread-cpu';

const probes = 10_000;
/** Simulated seconds per measured window. */
const simulatedSeconds = Number(process.env.BENCH_ALARM_SECONDS ?? 8);
const alarmRows = Number(process.env.BENCH_ALARM_ROWS ?? 1_000_000);
const log = pino({ level: 'silent' });
const dirs: string[] = [];
setFlagsFromString('--expose-gc');
/** A full collection, between runs: one of the last run's 300 MB heap fell on one engine's slices (+150 ms of 600). */
const collectGarbage = runInNewContext('gc') as () => void;

/** A migrated database; `before`: without those migrations (run later by migrateToLatest, as at an upgrade). */
async function freshDatabase(before: readonly string[] = []): Promise<Kysely<Database>> {
  const dir = mkdtempSync(join(tmpdir(), 'bpm-bench-alarms-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  if (before.length === 0) await migrateToLatest(db);
  else {
    const older = Object.fromEntries(Object.entries(migrations).filter(([name]) => !before.includes(name)));
    const { error } = await migratorFor(db, older).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  }
  return db;
}

const assignment = (i: number) => ({
  buildStage: { id: 1 + (i % 6), name: `Stage ${1 + (i % 6)}` },
  agv: { id: i, name: `AGV-${i}` },
  batteryPack: { id: 10_000 + i, name: `Pack ${10_000 + i}` },
  expectingCANData: true,
});

/** 1 % of the probes start alarming each minute (probe i at second 0.6 i) and stay hot for 20 s. */
function reportsAt(second: number, startMs: number): ProbeReport[] {
  const reports: ProbeReport[] = [];
  for (let i = 0; i < probes; i++) {
    const start = i * 0.6;
    const isHot = second >= start && second < start + 20;
    reports.push({
      probeID: `P-${i}`,
      firmwareVersion: '2.4.1',
      timestamp: new Date(startMs + second * 1000 + (i % 1000)).toISOString(),
      readings: [
        { origin: 'CAN', temperature: isHot ? 50 + (second - start) : 30 + (i % 5) / 10, valid: true },
        { origin: 'Thermocouple', temperature: 29, valid: true },
      ],
      batteryPercentage: 80,
      batteryCharging: false,
      assignment: assignment(i),
    });
  }
  return reports;
}

/** One engine on a fresh database: the real ProbeService, with the AlarmService watching when `withJournal`. */
async function engine(withJournal: boolean, clock: () => number) {
  const checkpointersBefore = new Set(threadsNamed(checkpointThreadName));
  const db = await freshDatabase();
  // Its database's checkpoint worker: the one that was not there before (the journal's WAL is checkpointed on it).
  const checkpointer = threadsNamed(checkpointThreadName).find((tid) => !checkpointersBefore.has(tid));
  const hub = new LiveHub();
  const service = new ProbeService({ db, publisher: hub, log, clock, snapshotIntervalMs: 3_600_000 });
  await service.start();
  const alarms = new AlarmService({
    db,
    probes: service,
    publisher: hub,
    log,
    journalMaxAgeDays: 90,
    clock,
    flushIntervalMs: 3_600_000,
  });
  if (withJournal) await alarms.start();
  const checkpointCpuUs = () => (checkpointer === undefined ? 0 : threadCpuUs(checkpointer));
  return { db, service, alarms, checkpointCpuUs, slicesUs: 0 };
}

/**
 * How long `work` (synchronous engine work: no I/O, no wait) kept the main thread, in µs, by the wall clock: a
 * thread's CPU clock moves in 4 ms ticks here (HZ 250), about one 1,000-report slice, and read per slice it spread
 * the control of two plain engines from −8 to +11 %
 * (docs/decisions/alarms.md#the-journal-benchs-clocks-its-control-and-its-steady-state). The wall clock also counts a
 * slice's preemption by other processes, which the alternation spreads over both engines.
 */
async function timeOf(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) * 1000;
}

/** The main thread's CPU µs taken by `work`, which waits (the flush: for the checkpoint's fsync, between turns). */
async function cpuOf(work: () => unknown): Promise<number> {
  const before = mainThreadCpuUs();
  await work();
  return mainThreadCpuUs() - before;
}

/**
 * Simulated seconds fed before the first measured window: each alarm stays hot 20 s, so by then as many alarms clear
 * as rise each second (~33 open), and the flush's statements are compiled and prepared, as in a plant running for
 * hours. Measured from a fresh start instead, no alarm ever cleared and every flush met statements of new sizes;
 * after 24 s, a process's first window was still 10.0–15.9 % in four of six processes (its second 3.7–8.8 %).
 */
const warmSeconds = Number(process.env.BENCH_ALARM_WARM_SECONDS ?? 48);

/**
 * The journal's CPU per report (docs/decisions/alarms.md#journal-overhead): two engines in this process, the measured
 * one with the journal (`journalled`: false for the control, two plain engines), fed the same reports in 1,000-report
 * slices taken in turn (which goes first alternates), warmed for warmSeconds, then measured in `windows` windows of
 * simulated seconds. Each slice's time is counted to its engine, the once-a-second flush to the measured one, and
 * each engine's database checkpoint worker (its own thread) to it. V8's background threads are not counted to either
 * (their work lands in whichever slice runs); they are printed.
 */
async function measuredWindows(journalled: boolean, journalledCreatedFirst: boolean, windows: number) {
  const startMs = Date.parse('2026-11-23T08:00:00.000Z');
  let nowMs = startMs;
  const clock = () => nowMs;
  // Of two plain engines, the one created second took 0.5–4 % longer (the control, when it was always second).
  const createdFirst = journalledCreatedFirst ? await engine(journalled, clock) : undefined;
  const plain = await engine(false, clock);
  const measured = createdFirst ?? (await engine(journalled, clock));
  let flushUs = 0;
  let flushWallMs = 0;
  const feedSecond = async (second: number) => {
    nowMs = startMs + second * 1000;
    const reports = reportsAt(second, startMs);
    for (let i = 0; i < reports.length; i += 1000) {
      const slice = reports.slice(i, i + 1000);
      for (const one of (second + i / 1000) % 2 === 0 ? [plain, measured] : [measured, plain]) {
        one.slicesUs += await timeOf(() => one.service.ingestReports(slice));
        // V8 runs its pending collector tasks in the next turn: not counted to whichever engine comes next.
        await new Promise(setImmediate);
      }
    }
    const started = performance.now();
    if (journalled) flushUs += await cpuOf(() => measured.alarms.writeRound()); // the writer's once-a-second batch
    flushWallMs += performance.now() - started;
  };
  let second = 0;
  while (second < warmSeconds) await feedSecond(second++);
  const runs = [];
  for (let w = 0; w < windows; w++) {
    collectGarbage();
    plain.slicesUs = measured.slicesUs = flushUs = flushWallMs = 0;
    const processBefore = process.cpuUsage();
    const mainBefore = mainThreadCpuUs();
    const checkpointsBefore = [plain.checkpointCpuUs(), measured.checkpointCpuUs()];
    const raisedBefore = await alarmCount(measured.db);
    for (let k = 0; k < simulatedSeconds; k++) await feedSecond(second++);
    // The checkpoint workers run every 200 ms: one more round, so the last second's WAL is checkpointed too.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [plainCheckpointUs, measuredCheckpointUs] = [plain.checkpointCpuUs(), measured.checkpointCpuUs()].map(
      (us, i) => us - checkpointsBefore[i]!,
    );
    const processUsed = process.cpuUsage(processBefore);
    const mainUsed = mainThreadCpuUs() - mainBefore;
    const reports = simulatedSeconds * probes;
    const plainUs = plain.slicesUs + plainCheckpointUs!;
    const measuredUs = measured.slicesUs + flushUs + measuredCheckpointUs!;
    runs.push({
      plainUs: plainUs / reports,
      journalUs: measuredUs / reports,
      overhead: ((measuredUs - plainUs) / plainUs) * 100,
      flushCpuMs: flushUs / 1000,
      flushWallMs,
      checkpointMs: [plainCheckpointUs! / 1000, measuredCheckpointUs! / 1000],
      // The process's CPU on neither the main thread nor a checkpoint worker: V8's background threads, mostly.
      backgroundMs: (processUsed.user + processUsed.system - mainUsed - plainCheckpointUs! - measuredCheckpointUs!) / 1000,
      alarmsRaised: (await alarmCount(measured.db)) - raisedBefore,
      alarmsOpen: [...measured.alarms.activeAlarms()].length,
    });
  }
  if (journalled) await measured.alarms.stop();
  for (const one of [plain, measured]) await one.db.destroy();
  return runs;
}

const alarmCount = async (db: Kysely<Database>) =>
  Number((await sql<{ n: number }>`select count(*) as n from alarms`.execute(db)).rows[0]!.n);

type Run = Awaited<ReturnType<typeof measuredWindows>>[number];
/** The run in the middle (of an even count, the upper middle one). */
const medianRun = (runs: Run[]) => [...runs].sort((a, b) => a.overhead - b.overhead)[Math.floor(runs.length / 2)]!;
const listed = (runs: Run[]) => runs.map((r) => r.overhead.toFixed(1)).join(', ');

/**
 * Processes the journal's windows are spread over: one process's windows can sit together away from another's (one
 * build: 6.7 and 6.7 % in one process, 15.7 and 13.8 % in another).
 */
const journalProcesses = 3;
const journalRunsFlag = '--journal-runs';

/**
 * In a process of its own: two windows of a journalled pair, then two of the control (two plain engines, the same
 * measure: the figure's noise floor), as one JSON line. `journalledCreatedFirst` alternates between processes.
 */
async function journalRunsInThisProcess(journalledCreatedFirst: boolean): Promise<void> {
  const runs = await measuredWindows(true, journalledCreatedFirst, 2);
  const controls = await measuredWindows(false, journalledCreatedFirst, 2);
  console.log(JSON.stringify({ runs, controls }));
}

async function journalOverhead(): Promise<void> {
  const runs: Run[] = [];
  const controls: Run[] = [];
  for (let i = 0; i < journalProcesses; i++) {
    const args = [...process.execArgv, process.argv[1]!, journalRunsFlag, i % 2 === 1 ? 'created-first' : 'created-second'];
    const child = spawnSync(process.execPath, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (child.status !== 0) throw new Error(`journal runs: exit ${child.status ?? child.signal}`);
    const measured = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { runs: Run[]; controls: Run[] };
    runs.push(...measured.runs);
    controls.push(...measured.controls);
  }
  const mid = medianRun(runs);
  console.log(
    `reports: ${probes} probes at 1 Hz, windows of ${simulatedSeconds} s after ${warmSeconds} s unmeasured: ${mid.alarmsRaised} alarms raised ` +
      `in the window (1 % of the probes a minute, each hot 20 s), ${mid.alarmsOpen} open at its end`,
  );
  console.log(
    `journal overhead per report (main thread and checkpoint worker; two engines fed in turn): ${mid.overhead.toFixed(1)} % (target ≤ 10 %; ` +
      `median of ${runs.length} windows in ${journalProcesses} processes: ${listed(runs)} %)`,
  );
  console.log(
    `      control, two engines without the journal: ${medianRun(controls).overhead.toFixed(1)} % (${listed(controls)} %): the measure's own spread`,
  );
  console.log(
    `      per report without alarms ${mid.plainUs.toFixed(2)} µs, with the journal ${mid.journalUs.toFixed(2)} µs; ` +
      `its flushes ${mid.flushCpuMs.toFixed(0)} ms of CPU in ${mid.flushWallMs.toFixed(0)} ms; checkpoint workers ` +
      `${mid.checkpointMs[0]!.toFixed(0)} / ${mid.checkpointMs[1]!.toFixed(0)} ms (plain / journalled; counted); ` +
      `V8's background threads ${mid.backgroundMs.toFixed(0)} ms (not counted; load ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log('      against the engine path alone (no HTTP, validation or live serialisation): an upper bound');
}

/** 1,000,000 alarms over 90 days (about 11,000 a day), 10,000 probes, 6 stages, 50,000 packs, a third acknowledged. */
async function fillAlarms(db: Kysely<Database>, endMs: number): Promise<void> {
  const spanSeconds = 90 * 24 * 3600;
  const step = spanSeconds / alarmRows;
  const base = endMs / 1000 - spanSeconds;
  // Building the indexes after the rows is several times faster than keeping seven indexes up to date
  // row by row; their definitions are read back from the migrated schema, not repeated here.
  const indexes = await sql<{
    name: string;
    sql: string;
  }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'alarms' and sql is not null`.execute(db);
  for (const index of indexes.rows) await sql.raw(`drop index ${index.name}`).execute(db);
  // SQLite's recursive CTE writes the rows without a million bound parameters (bench only, not server code).
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${alarmRows})
    insert into alarms (id, probe_id, event, event_type, raised_at, raised_message, last_message, peak,
      stage_id, stage_name, agv_id, agv_name, pack_id, pack_name, suppressed, annunciated, open, cleared_at,
      acknowledged_at, acknowledged_by_id, acknowledged_by_name, ack_comment, ack_delay_ms)
    select i, 'P-' || (i * 7919 % 10000), case i % 4 when 0 then 11 when 1 then 10 when 2 then 30 else 20 end,
      case i % 4 when 0 then 'Critical' else 'Warning' end,
      strftime('%Y-%m-%dT%H:%M:%fZ', ${base} + i * ${step}, 'unixepoch'), 'raised', 'last', 50.5,
      1 + i % 6, 'Stage ' || (1 + i % 6), i % 500, 'AGV', 10000 + i % 50000, 'Pack ' || (10000 + i % 50000),
      0, 1, case when i % 100 = 0 then 1 else 0 end,
      case when i % 100 = 0 then null else strftime('%Y-%m-%dT%H:%M:%fZ', ${base} + i * ${step} + 60, 'unixepoch') end,
      case when i % 3 = 0 then strftime('%Y-%m-%dT%H:%M:%fZ', ${base} + i * ${step} + 30, 'unixepoch') else null end,
      case when i % 3 = 0 then 1 else null end, case when i % 3 = 0 then 'admin' else null end, null,
      case when i % 3 = 0 then 1000 * (5 + i % 300) else null end
    from n`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  await sql`analyze`.execute(db);
}

async function timeIt(run: () => Promise<unknown>, times = 5): Promise<number> {
  await run(); // warm the page cache
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return durations[Math.floor(durations.length / 2)]!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The roll-up's summary and the plain scan (the summary before it), alternating in this process: wall and CPU medians. */
async function compareSummaries(run: () => Promise<unknown>, plain: () => Promise<unknown>, times = 7) {
  await run();
  await plain();
  const figures = { wall: [] as number[], cpu: [] as number[], plainWall: [] as number[], plainCpu: [] as number[] };
  const measure = async (f: () => Promise<unknown>, wall: number[], cpu: number[]) => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await f();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  };
  for (let i = 0; i < times; i++) {
    await measure(run, figures.wall, figures.cpu);
    await measure(plain, figures.plainWall, figures.plainCpu);
  }
  return {
    wall: median(figures.wall),
    cpu: median(figures.cpu),
    plainWall: median(figures.plainWall),
    plainCpu: median(figures.plainCpu),
  };
}

async function readFigures(): Promise<void> {
  // The alarms are stored before the summary's roll-up exists; its migrations then count them (an upgrade).
  // 0011 adds to 0008's tables, so it waits for 0008.
  const db = await freshDatabase(['0008-alarm-rollup', '0011-alarm-rollup-annunciated']);
  // Bench only: the rows are generated, so losing them in a crash costs nothing.
  await sql`pragma synchronous = off`.execute(db);
  const endMs = Date.parse('2026-11-23T08:00:00.000Z');
  const filled = performance.now();
  await fillAlarms(db, endMs);
  console.log(`\n${alarmRows.toLocaleString('en')} alarms written in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
  const migrated = performance.now();
  await migrateToLatest(db);
  console.log(
    `migrations 0008-alarm-rollup and 0011-alarm-rollup-annunciated (count the stored alarms; 0011 also builds a partial index): ${((performance.now() - migrated) / 1000).toFixed(1)} s`,
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  const to = iso(endMs);
  for (const [label, hours, offsetMs] of [
    ['last 24 hours', 24, 0],
    ['last 7 days', 24 * 7, 0],
    ['7 days, mid-hour ends', 24 * 7, 1_234_567],
  ] as const) {
    const [from, until] = [iso(endMs - hours * 3_600_000 - offsetMs), iso(endMs - offsetMs)];
    const f = await compareSummaries(
      () => summarise(db, from, until),
      () => scanSummary(db, from, until),
    );
    console.log(
      `summary, ${label}: ${f.wall.toFixed(0)} ms (target ≤ 200 ms), CPU ${f.cpu.toFixed(0)} ms; plain scan (before the roll-up) ${f.plainWall.toFixed(0)} ms, CPU ${f.plainCpu.toFixed(0)} ms; load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  const pages: [string, Parameters<typeof listAlarms>[1]][] = [
    ['newest 100', { limit: 100 }],
    ['one probe', { probeID: 'P-4242', limit: 100 }],
    ['one pack', { packId: 12_345, limit: 100 }],
    ['open', { state: 'open', limit: 100 }],
    ['stage 3, Critical, last 8 hours', { stageId: 3, eventType: 'Critical', from: iso(endMs - 8 * 3_600_000), to, limit: 100 }],
    ['closed, page 50 (before)', { state: 'closed', before: alarmRows - 5000, limit: 100 }],
  ];
  for (const [label, filter] of pages) {
    const ms = await timeIt(() => listAlarms(db, filter));
    console.log(`filtered page (${label}): ${ms.toFixed(1)} ms (target ≤ 50 ms)`);
  }
  await db.destroy();
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on a shared machine (other work running)`,
  );
  await journalOverhead();
  await readFigures();
  console.log(
    `\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s; load average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

void (process.argv.includes(journalRunsFlag) ? journalRunsInThisProcess(process.argv.includes('created-first')) : main())
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
