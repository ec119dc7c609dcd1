// Writes journal entries and changed alarms in batches, off the report path (docs/alarms.md): reports
// only append to memory; a timer writes what is pending through db/batch-writer.ts, in small
// transactions with an event-loop turn before each (docs/storage.md (Batched writes)).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AscendingIdMap } from '../../ascending-id-map.js';
import { BatchWriter, forEachStatement, writeInChunks, type ChunkLimits, type WriteCause } from '../../db/batch-writer.js';
import { batchGateOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { AlarmEpisode, NewJournalEntry } from './alarm-tracker.js';
import { insertJournal, upsertAlarms } from './alarms.queries.js';

/** What one flush writes, alarms before entries. */
type PendingRow = AlarmEpisode | NewJournalEntry;
const isAlarm = (row: PendingRow): row is AlarmEpisode => 'raisedAt' in row;
const isEntry = (row: PendingRow): row is NewJournalEntry => !isAlarm(row);

/**
 * Rounds (seconds) a change of an active alarm's last message alone may wait before it is written: the message
 * follows every report, the state, peak and suppression are written at the next round (docs/alarms.md (Journal
 * writes); docs/decisions/alarms.md#a-new-message-alone-waits).
 */
export const messageOnlyRounds = 10;

export class JournalWriter {
  private journal: NewJournalEntry[] = [];
  /** Latest state of each alarm changed since the last write (the episode objects themselves). */
  private alarms = new AscendingIdMap<AlarmEpisode>();
  /** Alarms whose last message alone changed since they were last written: written within messageOnlyRounds. */
  private waiting = new AscendingIdMap<AlarmEpisode>();
  /** By round modulo messageOnlyRounds, the alarms that started to wait in it, so each round looks only at its own. */
  private waitingSince: AlarmEpisode[][] = emptyRounds();
  private rounds = 0;
  private readonly writer: BatchWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    intervalMs = 1000,
    private readonly limits: ChunkLimits = { rowsPerTransaction: 250, rowsPerStatement: 50 },
  ) {
    this.writer = new BatchWriter((cause) => this.writePending(cause), intervalMs);
  }

  start(): void {
    this.writer.start();
  }

  append(entry: NewJournalEntry): void {
    this.journal.push(entry);
  }

  /** `onlyMessage`: the alarm's last message is all that changed (alarm-tracker.ts, refresh). */
  markAlarm(alarm: AlarmEpisode, onlyMessage = false): void {
    if (!onlyMessage) {
      this.alarms.set(alarm.id, alarm);
      this.waiting.delete(alarm.id);
    } else if (!this.alarms.has(alarm.id) && !this.waiting.has(alarm.id)) {
      this.waiting.set(alarm.id, alarm);
      this.waitingSince[this.rounds % messageOnlyRounds]!.push(alarm);
    }
  }

  /** Writes everything pending; writes never overlap, so readers that await it see every earlier change. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** The timer's write: what changed, and the messages that have waited their rounds. */
  round(): Promise<void> {
    return this.writer.round();
  }

  stop(): Promise<void> {
    return this.writer.stop();
  }

  /** Moves the waiting messages that are due (all of them for a flush) to the alarms written now. */
  private takeWaiting(cause: WriteCause): void {
    if (cause === 'flush') {
      for (const alarm of this.waiting.values()) this.alarms.set(alarm.id, alarm);
      this.waiting = new AscendingIdMap();
      this.waitingSince = emptyRounds();
      return;
    }
    // The list of the round messageOnlyRounds ago; an alarm written since by a change of its own is no longer waiting.
    const slot = ++this.rounds % messageOnlyRounds;
    for (const alarm of this.waitingSince[slot]!) {
      if (this.waiting.delete(alarm.id)) this.alarms.set(alarm.id, alarm);
    }
    this.waitingSince[slot] = [];
  }

  private async writePending(cause: WriteCause): Promise<void> {
    this.takeWaiting(cause);
    if (this.journal.length === 0 && this.alarms.size === 0) return;
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
    for (const a of unwritten.filter(isAlarm)) {
      if (!this.alarms.has(a.id)) this.alarms.set(a.id, a);
      this.waiting.delete(a.id);
    }
    this.journal = [...unwritten.filter(isEntry), ...this.journal];
    this.log.error({ err: error }, 'alarm journal write failed');
  }
}

const emptyRounds = (): AlarmEpisode[][] => Array.from({ length: messageOnlyRounds }, () => []);
