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
import { logLine } from '../../log-text.js';
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
  /** The whole open list, which the live feed's snapshots carry from then on (docs/live-feed.md (Alarms)). */
  restoreAlarms(alarms: readonly Alarm[]): void;
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

/** HH:MM:SS on the server's clock (its time zone), for the system alarm's message. */
const clockTime = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
const dayMs = 24 * 60 * 60 * 1000;

export class AlarmService {
  private tracker!: AlarmTracker;
  private readonly writer: JournalWriter;
  private readonly clock: () => number;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Told of every alarm created or changed (the notifications' escalations, docs/notifications.md). */
  private readonly listeners: Array<(alarm: AlarmEpisode) => void> = [];

  constructor(private readonly options: AlarmServiceOptions) {
    this.clock = options.clock ?? (() => Date.now());
    this.writer = new JournalWriter(options.db, options.log, options.flushIntervalMs);
  }

  /** After the probes have been restored: active alarms keep their ids; then every update is observed. */
  async start(): Promise<void> {
    const { db, probes } = this.options;
    await this.pruneJournal();
    const stored = await loadActiveAlarms(db);
    // The live feed's open list starts from the database, the stored active alarms and the returned ones; what the
    // restore below changes (an alarm cleared, one opened) is published on top of it (docs/live-feed.md (Alarms)).
    this.options.publisher.restoreAlarms([...stored.map(toAlarm), ...(await this.storedReturned())]);
    this.tracker = new AlarmTracker(
      {
        journal: (entry) => this.writer.append(entry),
        alarmChanged: (alarm, onlyMessage) => {
          this.writer.markAlarm(alarm, onlyMessage);
          this.options.publisher.publishAlarms([toAlarm(alarm)]);
          for (const listener of this.listeners) listener(alarm);
        },
      },
      await nextAlarmId(db),
    );
    this.tracker.restore(stored, probes.registry.allRecords(), this.clock());
    if (probes.downtime) {
      const alarm = this.tracker.raiseSystemAlarm(probes.downtime.fromMs, probes.downtime.toMs, clockTime);
      this.options.log.warn(`Alarm ${alarm.id}: ${alarm.raisedMessage}`);
    }
    for (const record of [...probes.registry.allRecords()]) {
      const marks = this.tracker.marksOf(record.probeID);
      if (!sameMarks(marks, record.alarms)) probes.updateRecord(record.probeID, (r) => probeRecord({ ...r, alarms: marks }));
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

  /** The journal writer's once-a-second write, which its timer runs (for a caller with its own clock: the bench). */
  writeRound(): Promise<void> {
    return this.writer.round();
  }

  onAlarmChanged(listener: (alarm: AlarmEpisode) => void): void {
    this.listeners.push(listener);
  }

  /** The active alarms in memory (none before start, nor on an instance that does not run the engine). */
  activeAlarms(): Iterable<AlarmEpisode> {
    return (this.tracker as AlarmTracker | undefined)?.active() ?? [];
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

  /** Every returned alarm in the database, a page at a time (a backlog nobody acknowledged can be long). */
  private async storedReturned(): Promise<Alarm[]> {
    const returned: Alarm[] = [];
    for (let before: number | undefined; ;) {
      const page = await listAlarms(this.options.db, { state: 'returned', before, limit: exportPageRows });
      returned.push(...page.map(toAlarm));
      if (page.length < exportPageRows) return returned;
      before = page[page.length - 1]!.id;
    }
  }

  // ---- acknowledgement and shelving ----

  /** The alarm, and whether this call acknowledged it (an acknowledged alarm stays as it was). */
  async acknowledge(id: number, by: UserRef, comment: string | undefined): Promise<{ alarm: Alarm; changed: boolean }> {
    const active = this.tracker.get(id);
    if (active) {
      const changed = this.tracker.acknowledge(active, by, comment, this.clock());
      if (changed) this.afterChange(active, logLine`acknowledged by ${by.username}`);
      return { alarm: toAlarm(active), changed };
    }
    await this.writer.flush();
    const stored = await findAlarm(this.options.db, id);
    if (!stored) throw new NotFoundError('Alarm not found');
    const [changed] = await this.acknowledgeStored([id], by, comment);
    return { alarm: toAlarm(changed ?? stored), changed: changed !== undefined };
  }

  /** The ids of the alarms this call acknowledged. */
  async acknowledgeMany(ids: readonly number[], by: UserRef, comment: string | undefined): Promise<number[]> {
    const acknowledged: number[] = [];
    const inactive: number[] = [];
    for (const id of new Set(ids)) {
      const active = this.tracker.get(id);
      if (!active) inactive.push(id);
      else if (this.tracker.acknowledge(active, by, comment, this.clock())) {
        this.afterChange(active, logLine`acknowledged by ${by.username}`);
        acknowledged.push(id);
      }
    }
    if (inactive.length > 0) {
      await this.writer.flush();
      acknowledged.push(...(await this.acknowledgeStored(inactive, by, comment)).map((a) => a.id));
    }
    return acknowledged;
  }

  async shelve(id: number, by: UserRef, body: ShelveAlarmBody): Promise<Alarm> {
    const active = this.tracker.get(id);
    if (!active) {
      await this.writer.flush();
      if (!(await findAlarm(this.options.db, id))) throw new NotFoundError('Alarm not found');
      throw new ConflictError('Only an active alarm can be shelved');
    }
    this.tracker.shelve(active, by, body.minutes, body.reason, this.clock());
    this.afterChange(active, logLine`shelved by ${by.username} for ${body.minutes} min: ${body.reason}`);
    return toAlarm(active);
  }

  /** The alarm, and whether this call unshelved it. */
  async unshelve(id: number, by: UserRef): Promise<{ alarm: Alarm; changed: boolean }> {
    const active = this.tracker.get(id);
    if (active) {
      const changed = this.tracker.unshelve(active);
      if (changed) this.afterChange(active, logLine`unshelved by ${by.username}`);
      return { alarm: toAlarm(active), changed };
    }
    await this.writer.flush();
    const stored = await findAlarm(this.options.db, id);
    if (!stored) throw new NotFoundError('Alarm not found');
    return { alarm: toAlarm(stored), changed: false };
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
      for (const listener of this.listeners) listener(a);
      this.options.log.info(logLine`Alarm ${a.id} (${a.probeID}, event ${a.event}) acknowledged by ${by.username}`);
    }
    return changed;
  }

  /** The probe's events carry the new marks, re-published to every dashboard; the system log says who (`what` already escaped). */
  private afterChange(episode: AlarmEpisode, what: string): void {
    const marks = this.tracker.marksOf(episode.probeID);
    this.options.probes.updateRecord(episode.probeID, (record) => probeRecord({ ...record, alarms: marks }));
    this.options.log.info(`${logLine`Alarm ${episode.id} (${episode.probeID}, event ${episode.event})`} ${what}`);
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
