// Writes journal entries and changed alarms in batches, off the report path (docs/alarms.md): reports
// only append to memory; a timer writes what is pending through db/batch-writer.ts, in small
// transactions with an event-loop turn before each (docs/storage.md (Batched writes)).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AscendingIdMap } from '../../ascending-id-map.js';
import { BatchWriter, forEachStatement, writeInChunks, type ChunkLimits } from '../../db/batch-writer.js';
import { batchGateOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { AlarmEpisode, NewJournalEntry } from './alarm-tracker.js';
import { insertJournal, upsertAlarms } from './alarms.queries.js';

/** What one flush writes, alarms before entries. */
type PendingRow = AlarmEpisode | NewJournalEntry;
const isAlarm = (row: PendingRow): row is AlarmEpisode => 'raisedAt' in row;
const isEntry = (row: PendingRow): row is NewJournalEntry => !isAlarm(row);

export class JournalWriter {
  private journal: NewJournalEntry[] = [];
  /** Latest state of each alarm changed since the last write (the episode objects themselves). */
  private alarms = new AscendingIdMap<AlarmEpisode>();
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
    // Alarms and entries share transactions (one commit a second, not two); alarms first: a journal entry names its
    // alarm, which must then be readable.
    // Each statement copies its alarms when its turn comes (in that turn nothing else changes them): copying
    // 100,000 changed alarms up front held the event loop for one long task.
    const pending: PendingRow[] = [...this.alarms.values(), ...this.journal];
    this.alarms = new AscendingIdMap();
    this.journal = [];
    const { written, error } = await writeInChunks(
      pending,
      this.limits,
      (next) =>
        this.db.transaction().execute((trx) =>
          forEachStatement(next, async (statement) => {
            const alarms = statement.filter(isAlarm);
            if (alarms.length > 0)
              await upsertAlarms(
                trx,
                alarms.map((a) => ({ ...a })),
              );
            if (alarms.length < statement.length) await insertJournal(trx, statement.filter(isEntry));
          }),
        ),
      batchGateOf(this.db),
    );
    if (error === undefined) return;
    // Keep what was not written for the next flush (an alarm changed meanwhile keeps its newer state).
    const unwritten = pending.slice(written);
    for (const a of unwritten.filter(isAlarm)) if (!this.alarms.has(a.id)) this.alarms.set(a.id, a);
    this.journal = [...unwritten.filter(isEntry), ...this.journal];
    this.log.error({ err: error }, 'alarm journal write failed');
  }
}
