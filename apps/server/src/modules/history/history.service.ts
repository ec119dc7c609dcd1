// History use cases (docs/history.md): recording reports into minutes, batched writes, retention and the
// hourly roll-up; the reads are probe-history.ts and pack-history.ts.
import type { HistoryRangeQuery, PackHistory, PackHistoryQuery, PackSummary, ProbeHistory, Reading, Assignment } from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { toMinute } from './history-aggregate.js';
import { pruneHistory } from './history-pruner.js';
import { HistoryRecorder } from './history-recorder.js';
import { HourRollup } from './history-rollup.js';
import { HistoryWriter } from './history-writer.js';
import { findPacks, readPackHistory } from './pack-history.js';
import { readProbeHistory } from './probe-history.js';

export interface HistoryServiceOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  maxAgeDays: number;
  /** Does the probes module know this probe (a probe with no history yet is not unknown)? */
  probeExists: (probeID: string) => boolean;
  /** Ids of the alarms raised on a probe in [fromMs, toMs): a carriage's alarms (from the alarms module). */
  alarmIdsRaised: (probeID: string, fromMs: number, toMs: number) => Promise<number[]>;
  clock?: () => number;
}

/** How often finished minutes are looked for and written, and how often old history is pruned. */
const flushIntervalMs = 1000;
const pruneIntervalMs = 10 * 60_000;

export class HistoryService {
  private readonly recorder = new HistoryRecorder();
  private readonly writer: HistoryWriter;
  private readonly rollup: HourRollup;
  private readonly clock: () => number;
  private flushTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  /** Pruning and rolling up, one after the other (never overlapping). */
  private maintenance: Promise<void> = Promise.resolve();
  private rollingUp = false;
  /** Nothing before this minute is left (the last finished prune's cutoff); undefined until a prune finishes. */
  private prunedBefore: number | undefined;
  /** While a prune runs: its cutoff, and whether a minute before it was written meanwhile. */
  private pruneRun: { cutoff: number; late: boolean } | undefined;
  private stopping = false;

  constructor(private readonly options: HistoryServiceOptions) {
    this.clock = options.clock ?? Date.now;
    this.rollup = new HourRollup(options.db);
    this.writer = new HistoryWriter(options.db, this.recorder, options.log, (minute) => {
      this.rollup.minutesWritten(minute);
      // A minute older than what the last prune left: the next prune looks every probe up again.
      if (this.prunedBefore !== undefined && minute < this.prunedBefore) this.prunedBefore = undefined;
      if (this.pruneRun && minute < this.pruneRun.cutoff) this.pruneRun.late = true;
    });
  }

  async start(): Promise<void> {
    await this.writer.load();
    await this.rollup.load();
    this.flushTimer = setInterval(() => void this.tick(), flushIntervalMs);
    this.flushTimer.unref();
    this.pruneTimer = setInterval(() => void this.prune(), pruneIntervalMs);
    this.pruneTimer.unref();
    void this.prune();
  }

  /** Writes every minute, the current ones too: a graceful restart loses nothing already received. */
  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    clearInterval(this.pruneTimer);
    this.stopping = true;
    await this.maintenance;
    this.recorder.finishAll();
    await this.writer.flush();
  }

  /**
   * The report path: one batch's accepted reports, at the server's time of receipt. The batch arrived at one
   * time, so the clock is read once for it (110-140 ns a read here: ~0.7 % of the server's CPU at full ingest
   * when read per report, docs/decisions/probes.md#one-clock-read-per-batch), and a batch never straddles two minutes.
   */
  recordReports(records: readonly ProbeRecord[]): void {
    const atMs = this.clock();
    for (let index = 0; index < records.length; index += 1) {
      const record = records[index]!;
      this.recorder.record(record.probeID, atMs, record.report?.readings ?? [], record.batteryPercentage, record.assignment);
    }
  }

  /** A report at a given time (the demo backfill); minutes must come in time order per probe. */
  recordAt(
    probeID: string,
    atMs: number,
    readings: readonly Reading[],
    battery: number | null,
    assignment: Assignment | null,
  ): void {
    this.recorder.record(probeID, atMs, readings, battery, assignment);
  }

  /** Finishes the minutes the clock has left behind and writes them. */
  async flushFinished(): Promise<void> {
    await this.recorder.sweep(this.clock());
    return this.writer.flush();
  }

  /** Every second: writes the finished minutes, then rolls up the hours that are over. */
  private async tick(): Promise<void> {
    await this.flushFinished();
    if (!this.rollingUp && Math.floor(toMinute(this.clock()) / 60) > this.rollup.rolledUntil()) await this.rollUp();
  }

  /** Rolls up the hours that are over once their minutes are all written; never overlaps itself or a prune. */
  rollUp(): Promise<void> {
    this.rollingUp = true;
    this.maintenance = this.maintenance
      .then(async () => {
        await this.flushFinished();
        if (!this.writer.idle()) return;
        await this.rollup.run(
          { probeKeys: () => this.writer.allKeys(), stopping: () => this.stopping },
          Math.floor(toMinute(this.clock()) / 60),
          this.oldestKeptMinute() / 60,
        );
      })
      .catch((error: unknown) => this.options.log.error({ err: error }, 'history roll-up failed'))
      .finally(() => {
        this.rollingUp = false;
      });
    return this.maintenance;
  }

  /** Retention, in whole hours: the first minute kept (so an hour is kept or pruned with all its minutes). */
  private oldestKeptMinute(): number {
    return Math.floor((toMinute(this.clock()) - this.options.maxAgeDays * 1440) / 60) * 60;
  }

  /** Deletes what is older than the retention; never overlaps itself or a roll-up. */
  prune(): Promise<void> {
    const cutoff = this.oldestKeptMinute();
    this.maintenance = this.maintenance
      .then(async () => {
        const since = this.prunedBefore;
        this.prunedBefore = undefined;
        const run = (this.pruneRun = { cutoff, late: false });
        const finished = await pruneHistory(
          {
            db: this.options.db,
            probeKeys: () => this.writer.allKeys(),
            packsPruned: (c) => this.writer.forgetPacksBefore(c),
            stopping: () => this.stopping,
          },
          cutoff,
          since === undefined ? undefined : Math.min(since, cutoff),
        );
        this.pruneRun = undefined;
        if (finished && !run.late) this.prunedBefore = Math.max(cutoff, since ?? cutoff);
      })
      .catch((error: unknown) => {
        this.pruneRun = undefined;
        this.options.log.error({ err: error }, 'history prune failed');
      });
    return this.maintenance;
  }

  probeHistory(probeID: string, query: HistoryRangeQuery): Promise<ProbeHistory> {
    return readProbeHistory(
      {
        db: this.options.db,
        recorder: this.recorder,
        writer: this.writer,
        clock: this.clock,
        probeExists: this.options.probeExists,
        flushFinished: () => this.flushFinished(),
        rolledUntil: () => this.rollup.rolledUntil(),
      },
      probeID,
      query,
    );
  }

  packHistory(packId: number, page: PackHistoryQuery = {}): Promise<PackHistory> {
    return readPackHistory(
      {
        db: this.options.db,
        recorder: this.recorder,
        writer: this.writer,
        flushFinished: () => this.flushFinished(),
        alarmIdsRaised: this.options.alarmIdsRaised,
      },
      packId,
      page,
    );
  }

  /** Packs by id or name: those written, and those only in open minutes so far (a pack seen this minute). */
  searchPacks(q: string | undefined): Promise<PackSummary[]> {
    return findPacks({ db: this.options.db, recorder: this.recorder }, q);
  }
}
