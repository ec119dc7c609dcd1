// Logs at 1,000,000 entries: the newest page and filtered pages (q) as GET /system/logs answers
// them (LogStore.list on the real migrated database), beside their targets. The database is built once
// and kept in the temp directory (building 1,000,000 indexed entries takes 1–2 minutes on a busy 2-core
// machine); later runs reuse it and take seconds.
// Run: node --import tsx bench/logs-store.bench.ts  (env: BENCH_LOG_DB_DIR)
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { migrations } from '../apps/server/src/db/migrations/index';
import { formatLogTs } from '../apps/server/src/modules/logs/log-clock';
import { LogStore } from '../apps/server/src/modules/logs/log-store';

const total = 1_000_000;
const buildLimitMs = 240_000;
const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const esc = '\u001b';
const baseNs = BigInt(Date.now() - 86_400_000) * 1_000_000n;
const entry = (n: number) => ({
  ts: formatLogTs(baseNs + BigInt(n) * 1000n),
  level: n % 17 === 0 ? 'warn' : 'info',
  msg: `${esc}[34mGET${esc}[39m /api/probes/P-${String(n % 5000).padStart(4, '0')} ${esc}[32m200${esc}[39m ${(n % 90) / 10} ms req-${n.toString(36)}`,
});

/** The cached database directory for this schema (a new migration makes a new one). */
const dataDir = process.env.BENCH_LOG_DB_DIR ?? join(tmpdir(), `bpm-bench-logs-${total}-${Object.keys(migrations).join('+')}`);

async function build(): Promise<void> {
  const building = `${dataDir}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const db = openDatabase(building);
  await migrateToLatest(db);
  const started = Date.now();
  for (let n = 0; n < total; n += 10_000) {
    await db.transaction().execute(async (tx) => {
      for (let i = n; i < n + 10_000; i += 500) {
        await tx
          .insertInto('logs')
          .values(Array.from({ length: 500 }, (_, k) => entry(i + k)))
          .execute();
      }
    });
    if (Date.now() - started > buildLimitMs)
      throw new Error(`building the log database took over ${buildLimitMs / 1000} s; stopped`);
  }
  await db.destroy();
  renameSync(building, dataDir);
  console.log(`built ${total.toLocaleString('en-GB')} entries in ${fmt((Date.now() - started) / 1000)} s (kept in ${dataDir})`);
}

async function timed(run: () => Promise<unknown[]>, times = 15): Promise<{ median: number; max: number; rows: number }> {
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    rows = (await run()).length;
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[ms.length >> 1]!, max: ms.at(-1)!, rows };
}

async function main(): Promise<void> {
  if (!existsSync(dataDir)) await build();
  const db = openDatabase(dataDir);
  await migrateToLatest(db);
  const store = new LogStore(db, { maxEntries: 2 * total, maxAgeDays: 3650 });
  await store.open();
  try {
    const count = await db
      .selectFrom('logs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const newest = await timed(() => store.list({ offset: 0, limit: 50 }));
    const rows: string[] = [];
    const verdict = (ms: number, target: number) => (ms <= target ? 'met' : `MISSED by ${fmt(ms - target)} ms`);
    rows.push(
      `logs, ${Number(count.n).toLocaleString('en-GB')} entries: newest page (50) median ${fmt(newest.median)} ms, max ${fmt(newest.max)} ms  (target ≤ 5 ms: ${verdict(newest.median, 5)})`,
    );
    // A probe's requests (1 in 5,000), a word in every entry, a single request, and a miss.
    for (const q of ['P-0042', 'probes', 'req-2n9c', 'no-such-text']) {
      const page = await timed(() => store.list({ offset: 0, limit: 50, q }));
      rows.push(
        `logs, filtered page q=${JSON.stringify(q)} (${page.rows} rows): median ${fmt(page.median)} ms, max ${fmt(page.max)} ms  (target ≤ 50 ms: ${verdict(page.median, 50)})`,
      );
    }
    const deep = await timed(() => store.list({ offset: 5000, limit: 50, q: 'P-0042' }), 5);
    rows.push(`    filtered page 101 (offset 5,000) of q="P-0042": median ${fmt(deep.median)} ms`);
    rows.push(
      `    machine load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
    );
    console.log(rows.join('\n'));
  } finally {
    await store.close();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
