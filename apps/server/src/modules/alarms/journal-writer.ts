// Writes journal entries and changed alarms in batches, off the report path (docs/alarms.md), like
// modules/probes/snapshot-writer.ts: reports only append to memory; a timer writes what is pending
// in small transactions with an event-loop turn between them (better-sqlite3 is synchronous).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AlarmEpisode, NewJournalEntry } from './alarm-tracker.js';
import { insertJournal, upsertAlarms } from './alarms.queries.js';

export class JournalWriter {
  private journal: NewJournalEntry[] = [];
  /** Latest state of each alarm changed since the last write (the episode objects themselves). */
  private alarms = new Map<number, AlarmEpisode>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
    private readonly rowsPerTransaction = 250,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  append(entry: NewJournalEntry): void {
    this.journal.push(entry);
  }

  markAlarm(alarm: AlarmEpisode): void {
    this.alarms.set(alarm.id, alarm);
  }

  get hasPending(): boolean {
    return this.journal.length > 0 || this.alarms.size > 0;
  }

  /** Writes what is pending; writes never overlap, so readers that await it see every earlier change. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (!this.hasPending) return;
    // Alarms first: a journal entry names its alarm, which must then be readable.
    const alarms = [...this.alarms.values()].map((a) => ({ ...a }));
    const journal = this.journal;
    this.alarms = new Map();
    this.journal = [];
    let written = 0;
    try {
      for (let i = 0; i < alarms.length; i += this.rowsPerTransaction) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const chunk = alarms.slice(i, i + this.rowsPerTransaction);
        await this.db.transaction().execute((trx) => upsertAlarms(trx, chunk));
      }
      for (; written < journal.length; written += this.rowsPerTransaction) {
        await new Promise((resolve) => setImmediate(resolve));
        const chunk = journal.slice(written, written + this.rowsPerTransaction);
        await this.db.transaction().execute((trx) => insertJournal(trx, chunk));
      }
    } catch (error) {
      // Keep what was not written for the next flush (an alarm changed meanwhile keeps its newer state).
      for (const a of alarms) if (!this.alarms.has(a.id)) this.alarms.set(a.id, a);
      this.journal = [...journal.slice(written), ...this.journal];
      this.log.error({ err: error }, 'alarm journal write failed');
    }
  }
}
