// The alarms summary read from the roll-up (docs/alarms.md "Summary roll-up") answers exactly what the
// plain scan of every alarm answers, for any range (part-hours at either end, no full hour, exact hours),
// after alarms are written in batches by the journal's writer (refreshes among them), annunciated or never, their
// annunciated flag changed by a later write, acknowledged later (while active and after they cleared) and deleted by
// retention; and a database upgraded with alarms already stored is counted by the migrations (0008 every alarm, 0011
// by annunciation).
// On SQLite ("node") and PostgreSQL ("node-pg") alike.
import fc from 'fast-check';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../../db/migrate.js';
import type { AlarmStageHoursTable, AlarmWindowsTable } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { AlarmEpisode } from './alarm-tracker.js';
import { scanSummary, summarise } from './alarm-summary.queries.js';
import { acknowledgeStored, deleteOlderThan, upsertAlarms } from './alarms.queries.js';
import { JournalWriter } from './journal-writer.js';
import { episodeToRow } from './alarm-rows.js';

const hourMs = 3_600_000;
const silentLog = pino({ level: 'silent' });
/** Long before the test app's own clock, so its retention never meets these alarms. */
const base = Date.parse('2025-03-30T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const stages = [null, { id: 1, name: 'Cell stacking' }, { id: 2, name: 'Busbar welding' }, { id: 3, name: 'Pack sealing' }];

interface Generated {
  /** ms after base (within 6 hours: several alarms per 10-minute window, floods included). */
  at: number;
  event: number;
  stage: number;
  pack: number;
  probe: number;
  /** ms after raising when cleared, or null (still active). */
  clearedAfter: number | null;
  /** ms after raising when acknowledged, or null; `later`: acknowledged in a second write. */
  ackAfter: number | null;
  later: boolean;
  /** Annunciated when first written; `flips`: the flag turns over in a second write (with the later acknowledgement, if any). */
  annunciated: boolean;
  flips: boolean;
}

const generatedAlarm = fc.record<Generated>({
  at: fc.oneof(
    fc.integer({ min: 0, max: 6 * hourMs }),
    fc.integer({ min: 0, max: 6 }).map((h) => h * hourMs),
  ),
  event: fc.constantFrom(10, 11, 20, 30),
  stage: fc.integer({ min: 0, max: 3 }),
  pack: fc.integer({ min: 0, max: 4 }),
  probe: fc.integer({ min: 0, max: 6 }),
  clearedAfter: fc.option(fc.integer({ min: 1, max: 8 * hourMs })),
  ackAfter: fc.option(fc.integer({ min: 0, max: 2 * hourMs })),
  later: fc.boolean(),
  annunciated: fc.boolean(),
  flips: fc.boolean(),
});
/** A range end: any ms, or an exact hour, or the ms before one. */
const rangeEnd = fc.oneof(
  fc.integer({ min: -hourMs, max: 7 * hourMs }),
  fc.integer({ min: -1, max: 7 }).map((h) => h * hourMs),
  fc.integer({ min: 0, max: 7 }).map((h) => h * hourMs - 1),
);

function episodeOf(g: Generated, id: number): AlarmEpisode {
  const stage = stages[g.stage]!;
  const raisedAt = base + g.at;
  return {
    id,
    probeID: `R-${g.probe}`,
    event: g.event,
    eventType: g.event === 11 || g.event === 20 ? 'Critical' : 'Warning',
    raisedAt: iso(raisedAt),
    raisedMessage: 'raised',
    lastMessage: 'last',
    peak: 50,
    assignment:
      stage === null && g.pack === 0
        ? null
        : {
            buildStage: stage,
            agv: null,
            batteryPack: g.pack === 0 ? null : { id: 100 + g.pack, name: `Pack ${100 + g.pack}` },
          },
    suppressed: !g.annunciated,
    clearedAt: g.clearedAfter === null ? null : iso(raisedAt + g.clearedAfter),
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackComment: null,
    shelvedUntil: null,
    shelvedBy: null,
    shelveReason: null,
    annunciated: g.annunciated,
    ackDelayMs: null,
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function emptyAlarms(): Promise<void> {
  await t.app.db.deleteFrom('alarms').execute();
  await t.app.db.deleteFrom('alarm_windows').execute();
  await t.app.db.deleteFrom('alarm_stage_hours').execute();
}

async function expectSameAsScan(ranges: readonly [number, number][]): Promise<void> {
  for (const [a, b] of ranges) {
    const [from, to] = a <= b ? [iso(base + a), iso(base + b)] : [iso(base + b), iso(base + a)];
    expect(await summarise(t.app.db, from, to), `${from} – ${to}`).toEqual(await scanSummary(t.app.db, from, to));
  }
}

/**
 * The roll-up tables hold exactly the counts of the stored alarms (the annunciated ones as raised, the others
 * as not_annunciated), and no row whose counts are all zero.
 */
async function expectRollupAsCounted(): Promise<void> {
  const db = t.app.db;
  const stored = await db
    .selectFrom('alarms')
    .select(['raised_at', 'event', 'event_type', 'stage_id', 'stage_name', 'ack_delay_ms', 'annunciated'])
    .execute();
  const windows = new Map<string, AlarmWindowsTable>();
  const stageHours = new Map<string, AlarmStageHoursTable>();
  for (const a of stored) {
    const [tenMinutes, hour] = [a.raised_at.slice(0, 15), a.raised_at.slice(0, 13)];
    const windowKey = `${tenMinutes} ${a.event} ${a.event_type}`;
    const w = windows.get(windowKey) ?? {
      ten_minutes: tenMinutes,
      event: a.event,
      event_type: a.event_type,
      raised: 0,
      acknowledged: 0,
      ack_delay_ms_sum: 0,
      not_annunciated: 0,
    };
    windows.set(windowKey, w);
    if (a.annunciated !== 1) {
      w.not_annunciated++;
      continue;
    }
    w.raised++;
    if (a.ack_delay_ms !== null) {
      w.acknowledged++;
      w.ack_delay_ms_sum += a.ack_delay_ms;
    }
    if (a.stage_id === null) continue;
    const stageKey = `${hour} ${a.stage_id} ${a.stage_name ?? ''}`;
    const s = stageHours.get(stageKey) ?? { hour, stage_id: a.stage_id, stage_name: a.stage_name ?? '', raised: 0 };
    stageHours.set(stageKey, s);
    s.raised++;
  }
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r, Object.keys(r as object).sort())).sort();
  expect(sorted(await db.selectFrom('alarm_windows').selectAll().execute())).toEqual(sorted([...windows.values()]));
  expect(sorted(await db.selectFrom('alarm_stage_hours').selectAll().execute())).toEqual(sorted([...stageHours.values()]));
}

/** The scan itself over every stored alarm (all within [-1 h, 7 h]): the annunciated ones in `total`, the others apart. */
async function expectScanCountsByAnnunciation(): Promise<void> {
  const stored = await t.app.db.selectFrom('alarms').select(['annunciated', 'ack_delay_ms']).execute();
  const annunciated = stored.filter((a) => a.annunciated === 1);
  const scan = await scanSummary(t.app.db, iso(base - hourMs), iso(base + 7 * hourMs));
  expect(scan.total).toBe(annunciated.length);
  expect(scan.notAnnunciated).toBe(stored.length - annunciated.length);
  expect(scan.timeToAcknowledge.count).toBe(annunciated.filter((a) => a.ack_delay_ms !== null).length);
}

describe('alarms summary from the roll-up', () => {
  it('answers what the plain scan answers, through writes, later acknowledgements and retention', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(generatedAlarm, { maxLength: 160 }),
        fc.integer({ min: 1, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 10 * hourMs })),
        fc.array(fc.tuple(rangeEnd, rangeEnd), { minLength: 1, maxLength: 4 }),
        async (generated, chunk, retentionCutoff, ranges) => {
          await emptyAlarms();
          const db = t.app.db;
          const episodes = generated.map((g, i) => episodeOf(g, i + 1));
          // Acknowledged in the first write (while active) or later: active ones rewritten by the batch
          // writer, cleared ones through acknowledgeStored (the API's path for returned alarms).
          const acknowledge = (a: AlarmEpisode, g: Generated) => {
            a.acknowledgedAt = iso(Date.parse(a.raisedAt) + g.ackAfter!);
            a.acknowledgedBy = { id: 1, username: 'admin' };
            a.ackDelayMs = g.ackAfter;
          };
          episodes.forEach((a, i) => {
            const g = generated[i]!;
            if (g.ackAfter !== null && !g.later) acknowledge(a, g);
          });
          // Through the journal's batch writer, as the engine writes them.
          const writer = new JournalWriter(db, silentLog, 3_600_000, { rowsPerTransaction: chunk, rowsPerStatement: chunk });
          const write = async (alarms: readonly AlarmEpisode[]) => {
            for (const a of alarms) writer.markAlarm(a);
            await writer.flush();
          };
          await write(episodes);
          // Every alarm refreshed (a new peak and message: no count moves), as each second's flush does.
          for (const a of episodes) {
            a.peak = (a.peak ?? 0) + 1;
            a.lastMessage = `peak ${a.peak}`;
          }
          await write(episodes);
          // The second write: a turned-over annunciated flag (either way; the product only ever sets it), an
          // acknowledgement of an active alarm, or both at once.
          const rewritten = episodes.filter((a, i) => {
            const g = generated[i]!;
            const isAckedNow = g.later && g.ackAfter !== null && a.clearedAt === null;
            if (isAckedNow) acknowledge(a, g);
            if (g.flips) {
              a.annunciated = !a.annunciated;
              a.suppressed = !a.annunciated;
            }
            return isAckedNow || g.flips;
          });
          await write(rewritten);
          // Every write landed whole, refreshes and later changes alike.
          const columns = ['id', 'peak', 'last_message', 'suppressed', 'annunciated', 'acknowledged_at', 'ack_delay_ms'] as const;
          expect(await db.selectFrom('alarms').select(columns).orderBy('id').execute()).toEqual(
            episodes.map((a) => {
              const row = episodeToRow(a);
              return Object.fromEntries(columns.map((column) => [column, row[column]]));
            }),
          );
          const laterCleared = episodes.filter(
            (a, i) => generated[i]!.later && generated[i]!.ackAfter !== null && a.clearedAt !== null,
          );
          for (const a of laterCleared)
            await acknowledgeStored(
              db,
              [a.id],
              { id: 1, username: 'admin' },
              null,
              iso(base + generated[a.id - 1]!.at + generated[a.id - 1]!.ackAfter!),
            );
          if (retentionCutoff !== null) await deleteOlderThan(db, iso(base + retentionCutoff));
          await expectSameAsScan([...ranges, [0, 6 * hourMs], [-hourMs, 7 * hourMs]]);
          await expectScanCountsByAnnunciation();
          await expectRollupAsCounted();
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('keeps the counts when retention deletes months of alarms at once', async () => {
    await emptyAlarms();
    const db = t.app.db;
    // One alarm per 10-minute window for 104 days; three in four cleared and older than the cutoff; one in
    // five never annunciated.
    const windowMs = 10 * 60_000;
    const episodes = Array.from({ length: 15_000 }, (_, i) => {
      const g: Generated = {
        at: i * windowMs,
        event: 10,
        stage: 1 + (i % 3),
        pack: 1,
        probe: i % 7,
        clearedAfter: null,
        ackAfter: null,
        later: false,
        annunciated: i % 5 !== 0,
        flips: false,
      };
      const a = episodeOf(g, i + 1);
      if (i % 4 !== 0) a.clearedAt = iso(base + i * windowMs + 60_000);
      return a;
    });
    for (let i = 0; i < episodes.length; i += 250) await upsertAlarms(db, episodes.slice(i, i + 250));
    await deleteOlderThan(db, iso(base + episodes.length * windowMs));
    const end = episodes.length * windowMs;
    await expectSameAsScan([
      [0, end],
      [5 * hourMs + 1, 400 * hourMs - 1],
    ]);
    // Left: the 3,750 active ones, of which one in five (i % 20 = 0) was never annunciated.
    expect(await summarise(db, iso(base), iso(base + end))).toMatchObject({ total: 3000, notAnnunciated: 750 });
    await expectRollupAsCounted();
  }, 60_000);

  it('counts the alarms stored before the roll-up existed (0008-alarm-rollup), then by annunciation (0011-alarm-rollup-annunciated)', async () => {
    await emptyAlarms();
    const db = t.app.db;
    const migrator = migratorFor(db);
    // Back to before the roll-up; later migrations are undone and redone with it.
    const down = await migrator.migrateTo('0007-history-hours');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('0008-alarm-rollup');
    // Written as the server before this migration wrote them: the alarms table alone; some never annunciated.
    const generated = fc.sample(generatedAlarm, { numRuns: 300, seed: 8 });
    const rows = generated.map((g, i) => {
      const a = episodeOf(g, i + 1);
      return {
        id: a.id,
        probe_id: a.probeID,
        event: a.event,
        event_type: a.eventType,
        raised_at: a.raisedAt,
        raised_message: a.raisedMessage,
        last_message: a.lastMessage,
        peak: a.peak,
        stage_id: a.assignment?.buildStage?.id ?? null,
        stage_name: a.assignment?.buildStage?.name ?? null,
        pack_id: a.assignment?.batteryPack?.id ?? null,
        pack_name: a.assignment?.batteryPack?.name ?? null,
        suppressed: g.annunciated ? 0 : 1,
        annunciated: g.annunciated ? 1 : 0,
        open: 1,
        cleared_at: a.clearedAt,
        ack_delay_ms: g.ackAfter,
      };
    });
    await db.insertInto('alarms').values(rows).execute();
    const annunciated = rows.filter((r) => r.annunciated === 1);
    expect(annunciated.length).toBeGreaterThan(100);
    expect(rows.length - annunciated.length).toBeGreaterThan(100);
    const sums = () =>
      db
        .selectFrom('alarm_windows')
        .select([sql<number | string>`sum(raised)`.as('raised'), sql<number | string>`sum(acknowledged)`.as('acknowledged')])
        .executeTakeFirstOrThrow()
        .then((r) => ({ raised: Number(r.raised), acknowledged: Number(r.acknowledged) }));
    // The roll-up as 0008 made it: every alarm counted as raised.
    const upTo0010 = await migrator.migrateTo('0010-logs-search-blocks');
    expect(upTo0010.error).toBeUndefined();
    expect(upTo0010.results?.map((r) => r.migrationName)).toContain('0008-alarm-rollup');
    expect(await sums()).toEqual({ raised: rows.length, acknowledged: rows.filter((r) => r.ack_delay_ms !== null).length });
    // 0011 counts them again: annunciated ones as raised (and acknowledged), the others apart.
    expect((await migrateToLatest(db))[0]).toBe('0011-alarm-rollup-annunciated');
    expect(await sums()).toEqual({
      raised: annunciated.length,
      acknowledged: annunciated.filter((r) => r.ack_delay_ms !== null).length,
    });
    await expectScanCountsByAnnunciation();
    await expectRollupAsCounted();
    await expectSameAsScan([
      [0, 6 * hourMs],
      [-hourMs, 7 * hourMs],
      [1234, 5 * hourMs + 5678],
      [hourMs, 3 * hourMs - 1],
      [30 * 60_000, 2 * hourMs + 30 * 60_000],
    ]);
  });
});
