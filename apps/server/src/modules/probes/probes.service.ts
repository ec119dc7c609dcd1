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
import { publishedProbe, type Evaluation, type PublishedProbe } from '../../engine/evaluation.js';
import { raiseWatchdog, reevaluateProbe } from '../../engine/reevaluate.js';
import { WatchdogSchedule } from '../../engine/watchdog-schedule.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { ProbeRegistry } from './probe-registry.js';
import { loadProbeRecords, loadSystemInfo, saveSystemInfo } from './probes.queries.js';
import { SnapshotWriter } from './snapshot-writer.js';

/** Where probe changes go (the live hub implements it). */
export interface ProbePublisher {
  publishProbe(update: PublishedProbe): void;
  publishDeletion(probeIDs: readonly string[]): void;
  publishSystemConfig(systemInfo: SystemInfo): void;
}

export interface ProbeServiceOptions {
  db: Kysely<Database>;
  publisher: ProbePublisher;
  log: FastifyBaseLogger;
  clock?: () => number;
  snapshotIntervalMs?: number;
}

export class ProbeService {
  readonly registry = new ProbeRegistry();
  readonly counters = { reportsAccepted: 0, reportsIgnored: 0, batchesRejected: 0, watchdogsRaised: 0 };
  private readonly schedule: WatchdogSchedule;
  private readonly snapshot: SnapshotWriter;
  private readonly clock: () => number;
  private thresholds!: SystemInfo;

  constructor(private readonly options: ProbeServiceOptions) {
    this.clock = options.clock ?? Date.now;
    this.schedule = new WatchdogSchedule(100, this.clock());
    this.snapshot = new SnapshotWriter(options.db, (id) => this.registry.get(id), options.log, options.snapshotIntervalMs);
  }

  /** Restores thresholds and the probe snapshot; watchdogs resume from their stored expiry. */
  async start(): Promise<void> {
    this.thresholds = await loadSystemInfo(this.options.db);
    this.options.publisher.publishSystemConfig(this.thresholds);
    for (const record of await loadProbeRecords(this.options.db)) {
      this.registry.set(record);
      this.options.publisher.publishProbe(publishedProbe(record));
      if (!record.active.some((e) => e.event === 0)) this.schedule.schedule(record.probeID, record.watchdogExpiryMs);
    }
    this.snapshot.start();
  }

  async stop(): Promise<void> {
    await this.snapshot.stop();
  }

  get systemInfo(): SystemInfo {
    return this.thresholds;
  }

  /** The batch is already validated as a whole; reports apply in order. */
  ingestReports(reports: readonly ProbeReport[]): IngestResult {
    const now = this.clock();
    let accepted = 0;
    for (const report of reports) {
      const evaluation = evaluateReport(this.registry.get(report.probeID), report, this.thresholds, now);
      if (!evaluation) continue;
      this.apply(evaluation);
      accepted += 1;
    }
    const ignored = reports.length - accepted;
    this.counters.reportsAccepted += accepted;
    this.counters.reportsIgnored += ignored;
    return { accepted, ignored };
  }

  setAssignment(probeID: string, assignment: Assignment | null): Probe {
    const record = this.registry.get(probeID);
    if (!record) throw new NotFoundError('Probe not found');
    const evaluation = evaluateAssignment(record, assignment);
    this.apply(evaluation);
    return evaluation.probe;
  }

  deleteProbe(probeID: string): void {
    if (!this.registry.delete(probeID)) throw new NotFoundError('Probe not found');
    this.schedule.cancel(probeID);
    this.snapshot.markDeleted(probeID);
    this.options.publisher.publishDeletion([probeID]);
  }

  listProbes(): Probe[] {
    return this.registry.allProbes();
  }

  /** Called by the one watchdog timer: raises event 0 on every probe whose expiry has passed. */
  expireWatchdogs(): number {
    const now = this.clock();
    let raised = 0;
    for (const probeID of this.schedule.takeDue(now)) {
      const record = this.registry.get(probeID);
      const evaluation = record && raiseWatchdog(record, this.thresholds, now);
      if (!evaluation) continue;
      this.registry.set(evaluation.record);
      this.snapshot.markDirty(probeID);
      this.options.publisher.publishProbe(evaluation);
      raised += 1;
    }
    this.counters.watchdogsRaised += raised;
    return raised;
  }

  /** Some or all thresholds; bounds are checked on the merged result. Every probe is re-evaluated. */
  async updateSystemInfo(update: SystemInfoUpdate): Promise<SystemInfo> {
    const next: SystemInfo = { ...this.thresholds, ...update };
    const problems = systemInfoProblems(next);
    if (problems.length > 0) throw new BadRequestError(problems[0]!.message, problems);
    await saveSystemInfo(this.options.db, next, new Date(this.clock()).toISOString());
    this.thresholds = next;
    this.options.publisher.publishSystemConfig(next);
    for (const record of [...this.registry.allRecords()]) {
      const evaluation = reevaluateProbe(record, next);
      this.registry.set(evaluation.record);
      if (!evaluation.record.active.some((e) => e.event === 0))
        this.schedule.schedule(record.probeID, evaluation.record.watchdogExpiryMs);
      this.snapshot.markDirty(record.probeID);
      this.options.publisher.publishProbe(evaluation);
    }
    return next;
  }

  /** Writes the pending snapshot now (tests, shutdown). */
  flushSnapshot(): Promise<void> {
    return this.snapshot.flush();
  }

  private apply(evaluation: Evaluation): void {
    const record = evaluation.record;
    this.registry.set(record);
    this.schedule.schedule(record.probeID, record.watchdogExpiryMs);
    this.snapshot.markDirty(record.probeID);
    this.options.publisher.publishProbe(evaluation);
  }
}
