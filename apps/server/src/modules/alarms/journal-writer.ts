// Writes journal entries and changed alarms in batches, off the report path (docs/alarms.md): reports
// only append to memory; a timer writes what is pending through db/batch-writer.ts, in small
// transactions with an event-loop turn before each (docs/storage.md (Batched writes)).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BatchWriter, forEachStatement, writeInChunks, type ChunkLimits } from '../../db/batch-writer.js';
import { batchGateOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { AlarmEpisode, NewJournalEntry } from './alarm-tracker.js';
import { insertJournal, upsertAlarms } from './alarms.queries.js';

export class JournalWriter {
  private journal: NewJournalEntry[] = [];
  /** Latest state of each alarm changed since the last write (the episode objects themselves). */
  private alarms = new Map<number, AlarmEpisode>();
  private readonly writer: BatchWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    intervalMs = 1000,
    private readonly limits: ChunkLimits = { rowsPerTransaction: 250, rowsPerStatement: 50 },
  ) {
    this.writer = new BatchWriter(() => this.writePending(), intervalMs);
  }

  start(): void {
    this.writer.start();
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
    return this.writer.flush();
  }

  stop(): Promise<void> {
    return this.writer.stop();
  }

  private async writePending(): Promise<void> {
    if (!this.hasPending) return;
    // Alarms first: a journal entry names its alarm, which must then be readable.
    // Each chunk copies its alarms when its turn comes (in that turn nothing else changes them): copying
    // 100,000 changed alarms up front held the event loop for one long task.
    const alarms = [...this.alarms.values()];
    const journal = this.journal;
    this.alarms = new Map();
    this.journal = [];
    const alarmsWritten = await writeInChunks(
      alarms,
      this.limits,
      (next) =>
        this.db.transaction().execute((trx) =>
          forEachStatement(next, (chunk) =>
            upsertAlarms(
              trx,
              chunk.map((a) => ({ ...a })),
            ),
          ),
        ),
      batchGateOf(this.db),
    );
    const journalWritten =
      alarmsWritten.error === undefined
        ? await writeInChunks(
            journal,
            this.limits,
            (next) => this.db.transaction().execute((trx) => forEachStatement(next, (chunk) => insertJournal(trx, chunk))),
            batchGateOf(this.db),
          )
        : { written: 0, error: alarmsWritten.error };
    const error = journalWritten.error;
    if (error === undefined) return;
    // Keep what was not written for the next flush (an alarm changed meanwhile keeps its newer state).
    for (const a of alarms) if (!this.alarms.has(a.id)) this.alarms.set(a.id, a);
    this.journal = [...journal.slice(journalWritten.written), ...this.journal];
    this.log.error({ err: error }, 'alarm journal write failed');
  }
}
