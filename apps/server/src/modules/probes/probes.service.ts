// Probe use cases (docs/architecture.md (One probe report, end to end)): each report goes through the pure engine, then the service does the I/O —
// registry, watchdog schedule, snapshot, hub — in that order. Also assignments, deletion and thresholds.
import {
  systemInfoProblems,
  type Assignment,
  type IngestResult,
  type Probe,
  type ProbeReport,
  type SystemInfo,
  type SystemInfoUpdate,
} from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { evaluateAssignment, evaluateReport } from '../../engine/evaluate-report.js';
import { publishedProbe, withRecord, type Evaluation, type PublishedProbe } from '../../engine/evaluation.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { raiseWatchdog, reevaluateProbe } from '../../engine/reevaluate.js';
import { toProbe } from '../../engine/probe-state.js';
import { WatchdogSchedule } from '../../engine/watchdog-schedule.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { nextTurn, TurnBudget } from '../../event-loop-turns.js';
import { ProbeLimit, refuseFutureReports, withoutFutureTimestamp } from './probe-bounds.js';
import { ProbeRegistry } from './probe-registry.js';
import { loadMonitoredAt, MonitoringHeartbeat } from './monitoring-heartbeat.js';
import { loadProbeRecords, loadSystemInfo, saveSystemInfo } from './probes.queries.js';
import { SnapshotWriter } from './snapshot-writer.js';

/** The accept path MQTT shares with POST /probes/reports (docs/mqtt.md). */
export { ingestReportBatch, ingestReportsCall } from './report-ingest.js';

/** Probes handled per turn of the event loop in whole-plant loops: ~10 ms each at 1,000 (bench/probes-loop.bench.ts). */
const probesPerChunk = 1000;

const [openBracket, comma, closeBracket] = ['[', ',', ']'].map((c) => c.charCodeAt(0)) as [number, number, number];

// A chunk also ends when its TurnBudget is spent: on a loaded machine 1,000 re-evaluations took 75–230 ms in one turn.
// The first chunk waits for a turn too: run in the watchdog's timer task, it added to the other timers that fall
// due in the same phase of the event loop (the hub's flush, the writers'; docs/security.md "Probe data bounds").
async function inChunks<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  let next = 0;
  while (next < items.length) {
    await nextTurn();
    const end = Math.min(items.length, next + probesPerChunk);
    const budget = new TurnBudget();
    while (next < end) {
      each(items[next]!);
      next += 1;
      if (budget.spent()) break;
    }
  }
}

/**
 * After a start, how long beyond one timeoutSeconds the watchdog waits for the first reports (docs/alarms.md
 * "System alarm"): gateways and the simulator reconnect and send within a few seconds of the server answering.
 */
export const firstReportsMs = 5000;

/** A time nobody monitored the probes, found at a start: from the last heartbeat to the start. */
export interface Downtime {
  fromMs: number;
  toMs: number;
}

/** Where probe changes go (the live hub implements it). */
export interface ProbePublisher {
  publishProbe(update: PublishedProbe): void;
  publishDeletion(probeIDs: readonly string[]): void;
  publishSystemConfig(systemInfo: SystemInfo): void;
}

/** Sees every evaluation before it is stored (the alarms journal, docs/alarms.md); may return it with a new record. */
export interface ProbeObserver {
  observe(previous: ProbeRecord | undefined, evaluation: Evaluation, nowMs: number): Evaluation;
  probeDeleted(probeID: string, nowMs: number): void;
}

export interface ProbeServiceOptions {
  db: Kysely<Database>;
  publisher: ProbePublisher;
  log: FastifyBaseLogger;
  clock?: () => number;
  snapshotIntervalMs?: number;
  /** BPM_MAX_PROBES (docs/security.md "Probe data bounds"). */
  maxProbes?: number;
}

export class ProbeService {
  readonly registry = new ProbeRegistry();
  readonly counters = { reportsAccepted: 0, reportsIgnored: 0, batchesRejected: 0, watchdogsRaised: 0 };
  private readonly schedule: WatchdogSchedule;
  private readonly snapshot: SnapshotWriter;
  private readonly clock: () => number;
  private thresholds!: SystemInfo;
  readonly probeLimit: ProbeLimit;
  /** Told of each batch's accepted records, after they are applied (the history module records minutes). */
  private readonly reportListeners: Array<(records: readonly ProbeRecord[]) => void> = [];
  private observer: ProbeObserver | undefined;
  private readonly heartbeat: MonitoringHeartbeat;
  /** A probe not heard from since the start (receivedMs before it) falls due no earlier than holdUntilMs. */
  private startedAtMs = 0;
  private holdUntilMs = 0;
  /** Set by start() when the probes went unmonitored for at least one timeoutSeconds; the alarms module raises it. */
  downtime: Downtime | undefined;

  constructor(private readonly options: ProbeServiceOptions) {
    this.clock = options.clock ?? Date.now;
    this.schedule = new WatchdogSchedule(100, this.clock());
    this.probeLimit = new ProbeLimit(options.maxProbes ?? 20_000, options.log);
    this.snapshot = new SnapshotWriter(options.db, (id) => this.registry.get(id), options.log, options.snapshotIntervalMs);
    this.heartbeat = new MonitoringHeartbeat(options.db, this.clock, options.log);
  }

  /**
   * Restores thresholds and the probe snapshot; watchdogs resume from their stored expiry, but none falls due
   * within the hold (one timeoutSeconds and firstReportsMs): a probe whose expiry passed while nobody monitored
   * is one system alarm, not one alarm each (docs/alarms.md "System alarm").
   */
  async start(): Promise<void> {
    this.thresholds = await loadSystemInfo(this.options.db);
    const monitoredAt = await loadMonitoredAt(this.options.db);
    const startedAt = this.clock();
    const timeoutMs = this.thresholds.timeoutSeconds * 1000;
    this.startedAtMs = startedAt;
    this.holdUntilMs = startedAt + timeoutMs + firstReportsMs;
    this.options.publisher.publishSystemConfig(this.thresholds);
    for (const stored of await loadProbeRecords(this.options.db)) {
      const present = withoutFutureTimestamp(stored, this.clock());
      const record = present ?? stored;
      this.registry.set(record);
      if (present) this.snapshot.markDirty(record.probeID);
      this.options.publisher.publishProbe(publishedProbe(record));
      if (!record.active.some((e) => e.event === 0)) this.scheduleWatchdog(record);
    }
    if (monitoredAt !== undefined && this.registry.size > 0 && startedAt - monitoredAt >= timeoutMs)
      this.downtime = { fromMs: monitoredAt, toMs: startedAt };
    this.heartbeat.start();
    this.snapshot.start();
  }

  setObserver(observer: ProbeObserver): void {
    this.observer = observer;
  }

  /** Replaces a probe's record (its alarm marks) and publishes it; false when the probe is unknown. */
  updateRecord(probeID: string, update: (record: ProbeRecord) => ProbeRecord): boolean {
    const record = this.registry.get(probeID);
    if (!record) return false;
    const evaluation = withRecord(publishedProbe(record), update(record));
    this.registry.set(evaluation.record);
    this.snapshot.markDirty(probeID);
    this.options.publisher.publishProbe(evaluation);
    return true;
  }

  async stop(): Promise<void> {
    await this.heartbeat.stop();
    await this.snapshot.stop();
  }

  /** Called once per batch with the records its accepted reports made, in order (one call, not one per report). */
  onReportsAccepted(listener: (records: readonly ProbeRecord[]) => void): void {
    this.reportListeners.push(listener);
  }

  get systemInfo(): SystemInfo {
    return this.thresholds;
  }

  /** The batch is already validated as a whole; reports apply in order. */
  ingestReports(reports: readonly ProbeReport[]): IngestResult {
    const now = this.clock();
    const reportMs = refuseFutureReports(reports, now);
    this.probeLimit.admit(reports, (id) => this.registry.get(id) !== undefined, this.registry.size, now);
    let accepted = 0;
    const acceptedRecords: ProbeRecord[] | undefined = this.reportListeners.length > 0 ? [] : undefined;
    for (let index = 0; index < reports.length; index += 1) {
      const report = reports[index]!;
      const previous = this.registry.get(report.probeID);
      const evaluation = evaluateReport(previous, report, this.thresholds, now, reportMs[index]);
      if (!evaluation) continue;
      this.apply(evaluation, now, previous);
      acceptedRecords?.push(evaluation.record);
      accepted += 1;
    }
    if (acceptedRecords !== undefined && acceptedRecords.length > 0)
      for (const listener of this.reportListeners) listener(acceptedRecords);
    const ignored = reports.length - accepted;
    this.counters.reportsAccepted += accepted;
    this.counters.reportsIgnored += ignored;
    return { accepted, ignored };
  }

  setAssignment(probeID: string, assignment: Assignment | null): Probe {
    const record = this.registry.get(probeID);
    if (!record) throw new NotFoundError('Probe not found');
    const evaluation = this.apply(evaluateAssignment(record, assignment), this.clock(), record);
    return evaluation.probe;
  }

  deleteProbe(probeID: string): void {
    if (!this.registry.delete(probeID)) throw new NotFoundError('Probe not found');
    this.observer?.probeDeleted(probeID, this.clock());
    this.schedule.cancel(probeID);
    this.snapshot.markDeleted(probeID);
    this.options.publisher.publishDeletion([probeID]);
  }

  /**
   * Called by the one watchdog timer: raises event 0 on every probe whose expiry has passed, in chunks that
   * give the event loop back between them (when a gateway stops, all its probes fall due at once). Each
   * record is read again when its turn comes: a probe that reported meanwhile has a later expiry and is
   * left alone, a deleted one is skipped.
   */
  async expireWatchdogs(): Promise<number> {
    const now = this.clock();
    let raised = 0;
    await inChunks(this.schedule.takeDue(now), (probeID) => {
      const record = this.registry.get(probeID);
      const raisedNow = record && raiseWatchdog(record, this.thresholds, now);
      if (!raisedNow) return;
      const evaluation = this.observer?.observe(record, raisedNow, now) ?? raisedNow;
      this.registry.set(evaluation.record);
      this.snapshot.markDirty(probeID);
      this.options.publisher.publishProbe(evaluation);
      raised += 1;
    });
    this.counters.watchdogsRaised += raised;
    return raised;
  }

  /** Some or all thresholds; bounds are checked on the merged result. Every probe is re-evaluated, in chunks
   * that give the event loop back between them (docs/security.md "Probe data bounds"). */
  async updateSystemInfo(update: SystemInfoUpdate): Promise<SystemInfo> {
    const next: SystemInfo = { ...this.thresholds, ...update };
    const problems = systemInfoProblems(next);
    if (problems.length > 0) throw new BadRequestError(problems[0]!.message, problems);
    await saveSystemInfo(this.options.db, next, new Date(this.clock()).toISOString());
    this.thresholds = next;
    this.options.publisher.publishSystemConfig(next);
    await inChunks(this.registry.probeIDs(), (probeID) => {
      // Read again: a report may have replaced the record while the loop was yielding.
      const record = this.registry.get(probeID);
      if (!record) return;
      const reevaluated = reevaluateProbe(record, this.thresholds);
      const evaluation = this.observer?.observe(record, reevaluated, this.clock()) ?? reevaluated;
      this.registry.set(evaluation.record);
      if (!evaluation.record.active.some((e) => e.event === 0)) this.scheduleWatchdog(evaluation.record);
      this.snapshot.markDirty(probeID);
      this.options.publisher.publishProbe(evaluation);
    });
    return next;
  }

  /**
   * GET /probes as UTF-8 JSON in pieces of about pieceBytes, built between turns of the event loop: a turn ends
   * after probesPerChunk probes or a TurnBudget, like the re-evaluation's chunks. Each probe is read when its
   * turn comes (its latest state); one deleted meanwhile is left out. Each probe's JSON is encoded straight into
   * the piece's Buffer (outside V8's heap): joining a turn's JSON into one string first put a ~1–2 MB string in
   * V8's large-object space per turn, ~100–200 MB of old generation per 100,000-probe list that only a major
   * GC frees (docs/security.md "Probe data bounds").
   */
  async *probesJson(pieceBytes = 256 * 1024): AsyncGenerator<Buffer> {
    const probeIDs = this.registry.probeIDs();
    let piece = Buffer.allocUnsafe(pieceBytes);
    piece[0] = openBracket;
    let used = 1;
    let first = true;
    let next = 0;
    while (next < probeIDs.length) {
      if (next > 0) await nextTurn();
      const end = Math.min(probeIDs.length, next + probesPerChunk);
      const budget = new TurnBudget();
      while (next < end) {
        const record = this.registry.get(probeIDs[next]!);
        next += 1;
        if (record) {
          const json = JSON.stringify(toProbe(record));
          // At most 3 UTF-8 bytes per UTF-16 unit, and 1 for the comma: no byte count needed to know it fits.
          if (used + 1 + json.length * 3 > piece.length) {
            yield piece.subarray(0, used);
            piece = Buffer.allocUnsafe(Math.max(pieceBytes, 1 + Buffer.byteLength(json)));
            used = 0;
          }
          if (!first) piece[used++] = comma;
          used += piece.write(json, used);
          first = false;
        }
        if (budget.spent()) break;
      }
    }
    if (used + 1 > piece.length) {
      yield piece.subarray(0, used);
      piece = Buffer.allocUnsafe(1);
      used = 0;
    }
    piece[used++] = closeBracket;
    yield piece.subarray(0, used);
  }

  /** Writes the pending snapshot now (tests, shutdown). */
  flushSnapshot(): Promise<void> {
    return this.snapshot.flush();
  }

  /** `previous`: the probe's record before this update, as the caller read it (one registry lookup per report). */
  private apply(evaluated: Evaluation, now: number, previous: ProbeRecord | undefined): Evaluation {
    const evaluation = this.observer?.observe(previous, evaluated, now) ?? evaluated;
    const record = evaluation.record;
    this.registry.set(record);
    this.scheduleWatchdog(record);
    this.snapshot.markDirty(record.probeID);
    this.options.publisher.publishProbe(evaluation);
    return evaluation;
  }

  /** A probe that reported since the start needs no hold: its silence began while the server watched. */
  private scheduleWatchdog(record: ProbeRecord): void {
    const held = record.receivedMs < this.startedAtMs;
    this.schedule.schedule(record.probeID, held ? Math.max(record.watchdogExpiryMs, this.holdUntilMs) : record.watchdogExpiryMs);
  }
}
