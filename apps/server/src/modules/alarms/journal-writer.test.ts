// The alarms journal's batch writes on a migrated SQLite file (docs/storage.md (Batched writes)): however the
// transactions are cut (rows, or the turn's budget), every entry is written once, in the order it was appended.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { JournalWriter } from './journal-writer.js';

const storage = tempSqliteDatabase('bpm-journal-writer-');

describe('JournalWriter', () => {
  it('with its turn budget already spent, writes every entry in order, one statement per transaction', async () => {
    const { db } = storage;
    const writer = new JournalWriter(db, pino({ level: 'silent' }), 60_000, {
      rowsPerTransaction: 250,
      rowsPerStatement: 7,
      budgetMs: 0,
    });
    const count = 1000;
    for (let i = 0; i < count; i += 1) {
      writer.append({
        ts: new Date(Date.UTC(2026, 10, 26, 12, 0, 0, i)).toISOString(),
        probeID: `P-${i}`,
        event: 20,
        eventType: 'Warning',
        eventString: 'Battery low',
        suppressed: false,
        assignment: null,
        alarmId: null,
      });
    }
    await writer.flush();
    const rows = await db.selectFrom('journal').select('probe_id').orderBy('id').execute();
    expect(rows.map((r) => r.probe_id)).toEqual(Array.from({ length: count }, (_, i) => `P-${i}`));
  });
});
