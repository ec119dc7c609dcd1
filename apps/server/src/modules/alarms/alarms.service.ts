// Alarm use cases (docs/alarms.md): the tracker on the probe update path, the batch writer, restart,
// shelve expiry and retention timers, reads (each after a flush, so a caller sees its own changes),
// acknowledgement and shelving, and the live `alarms` messages.
import type {
  Alarm,
  AlarmFilter,
  AlarmSummary,
  AlarmSummaryQuery,
  AlarmWithJournal,
  JournalEntry,
  JournalFilter,
  ShelveAlarmBody,
  UserRef,
} from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sameMarks } from '../../engine/alarm-marks.js';
import { probeRecord } from '../../engine/probe-record.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ProbeService } from '../probes/probes.service.js';
import { AlarmTracker, toAlarm, type AlarmEpisode } from './alarm-tracker.js';
import {
  acknowledgeStored,
  deleteOlderThan,
  findAlarm,
  listAlarms,
  listJournal,
  loadActiveAlarms,
  nextAlarmId,
  alarmIdsRaised,
} from './alarms.queries.js';
import { summarise } from './alarm-summary.queries.js';
import { JournalWriter } from './journal-writer.js';

/** Where alarm changes go live (the hub implements it). */
export interface AlarmPublisher {
  publishAlarms(alarms: readonly Alarm[]): void;
}

export interface AlarmServiceOptions {
  db: Kysely<Database>;
  probes: ProbeService;
  publisher: AlarmPublisher;
  log: FastifyBaseLogger;
  journalMaxAgeDays: number;
  clock?: () => number;
  flushIntervalMs?: number;
}

const exportPageRows = 1000;
const dayMs = 24 * 60 * 60 * 1000;

export class AlarmService {
  private tracker!: AlarmTracker;
  private readonly writer: JournalWriter;
  private readonly clock: () => number;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: AlarmServiceOptions) {
    this.clock = options.clock ?? (() => Date.now());
    this.writer = new JournalWriter(options.db, options.log, options.flushIntervalMs);
  }

  /** After the probes have been restored: active alarms keep their ids; then every update is observed. */
  async start(): Promise<void> {
    const { db, probes } = this.options;
    await this.pruneJournal();
    const stored = await loadActiveAlarms(db);
    this.tracker = new AlarmTracker(
      {
        journal: (entry) => this.writer.append(entry),
        alarmChanged: (alarm) => {
          this.writer.markAlarm(alarm);
          this.options.publisher.publishAlarms([toAlarm(alarm)]);
        },
      },
      await nextAlarmId(db),
    );
    this.tracker.restore(stored, probes.registry.allRecords(), this.clock());
    for (const record of [...probes.registry.allRecords()]) {
      const marks = this.tracker.marksOf(record.probeID);
      if (!sameMarks(marks, record.alarms))
        probes.updateRecord(record.probeID, (r) => probeRecord({ ...r, alarms: marks }));
    }
    probes.setObserver(this.tracker);
    this.writer.start();
    this.every(1000, () => this.expireShelves());
    this.every(60 * 60 * 1000, () => void this.pruneJournal());
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.writer.stop();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  // ---- reads ----

  async list(filter: AlarmFilter): Promise<Alarm[]> {
    await this.writer.flush();
    return (await listAlarms(this.options.db, filter)).map(toAlarm);
  }

  /** Ids of the alarms raised on `probeID` in [fromMs, toMs), oldest first: a pack carriage's alarms (docs/history.md). */
  async alarmIdsRaised(probeID: string, fromMs: number, toMs: number): Promise<number[]> {
    await this.writer.flush();
    return alarmIdsRaised(this.options.db, probeID, new Date(fromMs).toISOString(), new Date(toMs).toISOString());
  }

  async get(id: number): Promise<AlarmWithJournal> {
    await this.writer.flush();
    const alarm = await findAlarm(this.options.db, id);
    if (!alarm) throw new NotFoundError('Alarm not found');
    const journal = await listJournal(this.options.db, { alarmId: id, limit: 1000 });
    return { ...toAlarm(alarm), journal };
  }

  async summary(query: AlarmSummaryQuery): Promise<AlarmSummary> {
    await this.writer.flush();
    const to = new Date(query.to ?? this.clock()).toISOString();
    const from = new Date(query.from ?? Date.parse(to) - dayMs).toISOString();
    return { from, to, ...(await summarise(this.options.db, from, to)) };
  }

  async journal(filter: JournalFilter): Promise<JournalEntry[]> {
    await this.writer.flush();
    return listJournal(this.options.db, filter);
  }

  /** Every matching alarm, newest first, a page at a time (CSV export: never the whole list in memory). */
  async *allAlarms(filter: Omit<AlarmFilter, 'limit' | 'before'>): AsyncGenerator<Alarm[]> {
    await this.writer.flush();
    let before: number | undefined;
    for (;;) {
      const page = await listAlarms(this.options.db, { ...filter, before, limit: exportPageRows });
      if (page.length === 0) return;
      yield page.map(toAlarm);
      before = page[page.length - 1]!.id;
    }
  }

  async *allJournal(filter: Omit<JournalFilter, 'limit' | 'before'>): AsyncGenerator<JournalEntry[]> {
    await this.writer.flush();
    let before: number | undefined;
    for (;;) {
      const page = await listJournal(this.options.db, { ...filter, before, limit: exportPageRows });
      if (page.length === 0) return;
      yield page;
      before = page[page.length - 1]!.id;
    }
  }

  // ---- acknowledgement and shelving ----

  async acknowledge(id: number, by: UserRef, comment: string | undefined): Promise<Alarm> {
    const active = this.tracker.get(id);
    if (active) {
      if (this.tracker.acknowledge(active, by, comment, this.clock())) this.afterChange(active, `acknowledged by ${by.username}`);
      return toAlarm(active);
    }
    await this.writer.flush();
    const stored = await findAlarm(this.options.db, id);
    if (!stored) throw new NotFoundError('Alarm not found');
    const [changed] = await this.acknowledgeStored([id], by, comment);
    return toAlarm(changed ?? stored);
  }

  async acknowledgeMany(ids: readonly number[], by: UserRef, comment: string | undefined): Promise<number> {
    let count = 0;
    const inactive: number[] = [];
    for (const id of new Set(ids)) {
      const active = this.tracker.get(id);
      if (!active) inactive.push(id);
      else if (this.tracker.acknowledge(active, by, comment, this.clock())) {
        this.afterChange(active, `acknowledged by ${by.username}`);
        count += 1;
      }
    }
    if (inactive.length > 0) {
      await this.writer.flush();
      count += (await this.acknowledgeStored(inactive, by, comment)).length;
    }
    return count;
  }

  async shelve(id: number, by: UserRef, body: ShelveAlarmBody): Promise<Alarm> {
    const active = this.tracker.get(id);
    if (!active) {
      await this.writer.flush();
      if (!(await findAlarm(this.options.db, id))) throw new NotFoundError('Alarm not found');
      throw new ConflictError('Only an active alarm can be shelved');
    }
    this.tracker.shelve(active, by, body.minutes, body.reason, this.clock());
    this.afterChange(active, `shelved by ${by.username} for ${body.minutes} min: ${body.reason}`);
    return toAlarm(active);
  }

  async unshelve(id: number, by: UserRef): Promise<Alarm> {
    const active = this.tracker.get(id);
    if (active) {
      if (this.tracker.unshelve(active)) this.afterChange(active, `unshelved by ${by.username}`);
      return toAlarm(active);
    }
    await this.writer.flush();
    const stored = await findAlarm(this.options.db, id);
    if (!stored) throw new NotFoundError('Alarm not found');
    return toAlarm(stored);
  }

  /** Shelves that have run out: the alarm returns to annunciation, unacknowledged. */
  private expireShelves(): void {
    for (const episode of this.tracker.dueShelves(this.clock())) {
      if (this.tracker.unshelve(episode)) this.afterChange(episode, 'shelve expired');
    }
  }

  private async acknowledgeStored(ids: number[], by: UserRef, comment: string | undefined): Promise<AlarmEpisode[]> {
    const now = new Date(this.clock()).toISOString();
    const changed = await acknowledgeStored(this.options.db, ids, by, comment ?? null, now);
    for (const a of changed) {
      this.options.publisher.publishAlarms([toAlarm(a)]);
      this.options.log.info(`Alarm ${a.id} (${a.probeID}, event ${a.event}) acknowledged by ${by.username}`);
    }
    return changed;
  }

  /** The probe's events carry the new marks, re-published to every dashboard; the system log says who. */
  private afterChange(episode: AlarmEpisode, what: string): void {
    const marks = this.tracker.marksOf(episode.probeID);
    this.options.probes.updateRecord(episode.probeID, (record) => probeRecord({ ...record, alarms: marks }));
    this.options.log.info(`Alarm ${episode.id} (${episode.probeID}, event ${episode.event}) ${what}`);
  }

  private async pruneJournal(): Promise<void> {
    const cutoff = new Date(this.clock() - this.options.journalMaxAgeDays * dayMs).toISOString();
    try {
      await deleteOlderThan(this.options.db, cutoff);
    } catch (error) {
      this.options.log.error({ err: error }, 'alarm journal retention failed');
    }
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
