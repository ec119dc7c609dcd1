// History use cases (docs/history.md): recording reports into minutes, batched writes, retention, and
// the reads — a probe's history (downsampled, live minute included), a pack's carriages, pack search.
import {
  historyMaxPoints,
  packSearchLimit,
  type Assignment,
  type Carriage,
  type HistoryRangeQuery,
  type NamedRef,
  type PackHistory,
  type PackSummary,
  type ProbeHistory,
  type Reading,
} from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { NotFoundError } from '../../errors.js';
import {
  bucketMinutes,
  bucketOfRow,
  mergeBuckets,
  minuteIso,
  minuteStartMs,
  stats,
  toMinute,
  toPoint,
  toRow,
  type BucketRow,
  type MinutePlace,
  type OpenMinute,
} from './history-aggregate.js';
import { pruneHistory } from './history-pruner.js';
import { parseHistoryRange } from './history-range.js';
import { HistoryRecorder } from './history-recorder.js';
import { HourRollup } from './history-rollup.js';
import { HistoryWriter, placeKey } from './history-writer.js';
import {
  nameKinds,
  nextCarriageStart,
  searchPacks,
  selectBuckets,
  selectHourBuckets,
  selectNames,
  selectPack,
  selectPackCarriages,
  selectProbeCarriages,
} from './history.queries.js';

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

/** An upper bound for minute ranges that fits a 4-byte integer column (PostgreSQL refuses larger parameters). */
const lastStorableMinute = 2_147_483_647;
/** How often finished minutes are looked for and written, and how often old history is pruned. */
const flushIntervalMs = 1000;
const pruneIntervalMs = 10 * 60_000;
/** Spans longer than this are answered in whole hours, mostly from the hourly roll-up (a 7-day range stays in minutes). */
const hourlyAfterMinutes = 8 * 1440;

/** A carriage being assembled from stored rows and the open minute. */
interface CarriageParts {
  probeID: string;
  fromMinute: number;
  lastMinute: number;
  stageId: number | null;
  agvId: number | null;
  /** The carriage's minutes merged; undefined while none is known. */
  merged: BucketRow | undefined;
}

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

  async probeHistory(probeID: string, query: HistoryRangeQuery): Promise<ProbeHistory> {
    const now = this.clock();
    const { fromMs, toMs } = parseHistoryRange(query, now);
    const open = this.recorder.openMinuteOf(probeID);
    if (this.writer.keyOf(probeID) === undefined && !open && !this.options.probeExists(probeID)) {
      throw new NotFoundError('Probe not found');
    }
    const fromMinute = toMinute(fromMs);
    const endMinute = toMinute(toMs) + 1;
    // Long spans in whole hours (buckets of k hours), so that the hourly roll-up answers most of them.
    const hoursPerBucket =
      endMinute - fromMinute > hourlyAfterMinutes
        ? bucketMinutes(Math.floor(fromMinute / 60), Math.ceil(endMinute / 60), historyMaxPoints)
        : undefined;
    const size = hoursPerBucket === undefined ? bucketMinutes(fromMinute, endMinute, historyMaxPoints) : hoursPerBucket * 60;
    await this.flushFinished();

    const key = this.writer.keyOf(probeID);
    const buckets =
      key === undefined
        ? []
        : hoursPerBucket === undefined
          ? await selectBuckets(this.options.db, key, fromMinute, endMinute, size)
          : await this.hourlyBuckets(key, fromMinute, endMinute, hoursPerBucket);
    const carriages = key === undefined ? [] : await selectProbeCarriages(this.options.db, key, fromMinute, endMinute);
    const last = buckets.at(-1);
    // The live minute (unless a restart already stored it: the stored version is the one kept).
    const openInRange =
      open !== undefined && open.minute >= fromMinute && open.minute < endMinute && last?.last_minute !== open.minute;
    if (openInRange) {
      const live = bucketOfRow(toRow(open), size);
      if (last?.bucket === live.bucket) buckets[buckets.length - 1] = mergeBuckets(last, live);
      else buckets.push(live);
    }

    // Minutes are asked for in increasing order: one walk over the carriages.
    let index = -1;
    const placeOf = (minute: number): MinutePlace => {
      if (openInRange && minute === open.minute) {
        return { stageId: open.assignment?.buildStage?.id ?? null, packId: open.assignment?.batteryPack?.id ?? null };
      }
      while (index + 1 < carriages.length && carriages[index + 1]!.from_minute <= minute) index += 1;
      const found = carriages[index];
      return { stageId: found?.stage_id ?? null, packId: found?.pack_id ?? null };
    };
    return {
      probeID,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      resolutionSeconds: size * 60,
      points: buckets.map((b) => toPoint(b, size, placeOf(b.last_minute))),
    };
  }

  /**
   * Buckets of whole hours over [fromMinute, endMinute): the rolled-up hours inside the range from
   * history_hours, the minutes before the first whole hour and after the last rolled-up one from
   * history_minutes, merged where they share a bucket.
   */
  private async hourlyBuckets(key: number, fromMinute: number, endMinute: number, hoursPerBucket: number): Promise<BucketRow[]> {
    const db = this.options.db;
    const size = hoursPerBucket * 60;
    const firstHour = Math.ceil(fromMinute / 60);
    const endHour = Math.min(Math.floor(endMinute / 60), this.rollup.rolledUntil());
    if (firstHour >= endHour) return selectBuckets(db, key, fromMinute, endMinute, size);
    const parts = [
      await selectBuckets(db, key, fromMinute, firstHour * 60, size),
      await selectHourBuckets(db, key, firstHour, endHour, hoursPerBucket),
      await selectBuckets(db, key, endHour * 60, endMinute, size),
    ];
    const merged: BucketRow[] = [];
    for (const b of parts.flat()) {
      const last = merged.at(-1);
      if (last?.bucket === b.bucket) merged[merged.length - 1] = mergeBuckets(last, b);
      else merged.push(b);
    }
    return merged;
  }

  async packHistory(packId: number): Promise<PackHistory> {
    await this.flushFinished();
    const db = this.options.db;
    const pack = await selectPack(db, packId);
    const parts: CarriageParts[] = [];
    for (const c of await selectPackCarriages(db, packId)) {
      const probeID = this.writer.probeIdOf(c.probe_key);
      if (probeID === undefined) continue;
      const end = await nextCarriageStart(db, c.probe_key, c.from_minute);
      const part: CarriageParts = {
        probeID,
        fromMinute: c.from_minute,
        lastMinute: c.from_minute,
        stageId: c.stage_id,
        agvId: c.agv_id,
        merged: undefined,
      };
      const [stored] = await selectBuckets(db, c.probe_key, c.from_minute, end ?? lastStorableMinute);
      if (stored) addBucket(part, stored);
      parts.push(part);
      // The probe's open minute continues this carriage when it is still at the same place.
      const open = this.recorder.openMinuteOf(probeID);
      if (
        end === undefined &&
        open &&
        open.minute > part.lastMinute &&
        placeKey(open.assignment) === this.writer.placeOf(probeID)
      ) {
        addBucket(part, bucketOfRow(toRow(open), 1));
      }
    }
    // Probes carrying the pack in their open minute, at a place not written yet: a carriage that starts now.
    let name = pack?.name;
    for (const open of this.recorder.openMinutes()) {
      const carried = open.assignment?.batteryPack;
      if (carried?.id !== packId) continue;
      name ??= carried.name;
      if (this.writer.placeOf(open.probeID) === placeKey(open.assignment)) continue;
      const part = newParts(open);
      addBucket(part, bucketOfRow(toRow(open), 1));
      parts.push(part);
    }
    if (name === undefined) throw new NotFoundError('Battery pack not found');
    parts.sort((a, b) => a.fromMinute - b.fromMinute || a.probeID.localeCompare(b.probeID));
    const stages = await selectNames(db, nameKinds.stage, unique(parts.map((p) => p.stageId)));
    const agvs = await selectNames(db, nameKinds.agv, unique(parts.map((p) => p.agvId)));
    const liveNames = this.liveNames(packId);
    const ref = (id: number | null, names: Map<number, string>, live: Map<number, string>): NamedRef | null =>
      id === null ? null : { id, name: live.get(id) ?? names.get(id) ?? String(id) };
    const carriages: Carriage[] = [];
    for (const p of parts) {
      const fromMs = minuteStartMs(p.fromMinute);
      const toMs = minuteStartMs(p.lastMinute + 1);
      carriages.push({
        probeID: p.probeID,
        agv: ref(p.agvId, agvs, liveNames.agvs),
        buildStage: ref(p.stageId, stages, liveNames.stages),
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
        ...mergedStats(p.merged),
        alarms: await this.options.alarmIdsRaised(p.probeID, fromMs, toMs),
      });
    }
    return { batteryPack: { id: packId, name }, carriages };
  }

  /** Packs by id or name: those written, and those only in open minutes so far (a pack seen this minute). */
  async searchPacks(q: string | undefined): Promise<PackSummary[]> {
    const text = (q ?? '').trim();
    const found = new Map<number, PackSummary>();
    for (const r of await searchPacks(this.options.db, text, packSearchLimit))
      found.set(r.id, { id: r.id, name: r.name, lastSeen: minuteIso(r.last_minute) });
    const needle = text.toLowerCase();
    for (const open of this.recorder.openMinutes()) {
      const pack = open.assignment?.batteryPack;
      if (!pack || !(String(pack.id) === text || pack.name.toLowerCase().includes(needle))) continue;
      found.set(pack.id, { id: pack.id, name: pack.name, lastSeen: minuteIso(open.minute) });
    }
    return [...found.values()].sort((a, b) => b.id - a.id).slice(0, packSearchLimit);
  }

  /** Stage and AGV names of open minutes carrying the pack (not written yet, so newer than the stored ones). */
  private liveNames(packId: number): { stages: Map<number, string>; agvs: Map<number, string> } {
    const stages = new Map<number, string>();
    const agvs = new Map<number, string>();
    for (const open of this.recorder.openMinutes()) {
      const a = open.assignment;
      if (a?.batteryPack?.id !== packId) continue;
      if (a.buildStage) stages.set(a.buildStage.id, a.buildStage.name);
      if (a.agv) agvs.set(a.agv.id, a.agv.name);
    }
    return { stages, agvs };
  }
}

function newParts(open: OpenMinute): CarriageParts {
  return {
    probeID: open.probeID,
    fromMinute: open.minute,
    lastMinute: open.minute,
    stageId: open.assignment?.buildStage?.id ?? null,
    agvId: open.assignment?.agv?.id ?? null,
    merged: undefined,
  };
}

function addBucket(part: CarriageParts, bucket: BucketRow): void {
  part.merged = part.merged ? mergeBuckets(part.merged, bucket) : bucket;
  if (bucket.last_minute > part.lastMinute) part.lastMinute = bucket.last_minute;
}

function mergedStats(b: BucketRow | undefined): Pick<Carriage, 'internal' | 'external'> {
  return {
    internal: b ? stats(b.in_min, b.in_max, b.in_w, b.in_n) : null,
    external: b ? stats(b.ex_min, b.ex_max, b.ex_w, b.ex_n) : null,
  };
}

function unique(ids: ReadonlyArray<number | null>): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}
