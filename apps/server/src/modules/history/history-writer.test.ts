// The history writer's transactions (docs/storage.md (Batched writes)): cut by the turn's budget after every
// statement, they write the same minutes, carriages and names as whole transactions do, a probe's key and a
// name noted in one statement being known to the next.
import type { Assignment } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ChunkLimits } from '../../db/batch-writer.js';
import type { Database } from '../../db/schema.js';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { HistoryRecorder } from './history-recorder.js';
import { HistoryWriter } from './history-writer.js';

// One fresh database for each way of cutting the transactions.
const wholeStorage = tempSqliteDatabase('bpm-history-writer-');
const cutStorage = tempSqliteDatabase('bpm-history-writer-');

const minuteMs = 60_000;
const startMs = Date.UTC(2026, 10, 26, 12, 0);
const assignment = (pack: number, name: string): Assignment => ({
  buildStage: { id: 1, name: 'Stage 1' },
  agv: null,
  batteryPack: { id: pack, name },
  expectingCANData: true,
});

/** Six minutes of twelve probes, written into `db` by a writer with `limits`; answers every table it writes, in key order. */
async function written(db: Kysely<Database>, limits: ChunkLimits) {
  const recorder = new HistoryRecorder();
  const writer = new HistoryWriter(db, recorder, pino({ level: 'silent' }), () => {}, limits);
  await writer.load();
  for (let minute = 0; minute < 6; minute += 1) {
    for (let probe = 0; probe < 12; probe += 1) {
      // Every third probe moves to another pack at minute 3; pack 100 is renamed at minute 2.
      const pack = probe % 3 === 0 && minute >= 3 ? 200 + probe : 100 + (probe % 2);
      const name = pack === 100 && minute >= 2 ? 'Pack 100 (renamed)' : `Pack ${pack}`;
      const readings = [{ origin: 'CAN' as const, temperature: 20 + minute, valid: true }];
      recorder.record(`P-${probe}`, startMs + minute * minuteMs + probe, readings, 80, assignment(pack, name));
    }
  }
  await recorder.sweep(startMs + 7 * minuteMs);
  await writer.flush();
  return {
    minutes: await db.selectFrom('history_minutes').selectAll().orderBy('probe_key').orderBy('minute').execute(),
    carriages: await db.selectFrom('history_carriages').selectAll().orderBy('probe_key').orderBy('from_minute').execute(),
    names: await db.selectFrom('history_names').selectAll().orderBy('kind').orderBy('id').execute(),
    keys: await db.selectFrom('history_probes').selectAll().orderBy('probe_key').execute(),
  };
}

describe('HistoryWriter', () => {
  it('with its turn budget already spent, writes what whole transactions write, one statement per transaction', async () => {
    const whole = await written(wholeStorage.db, {
      rowsPerTransaction: 100,
      rowsPerStatement: 100,
      budgetMs: Number.POSITIVE_INFINITY,
    });
    const cut = await written(cutStorage.db, { rowsPerTransaction: 100, rowsPerStatement: 5, budgetMs: 0 });
    expect(whole.minutes).toHaveLength(72);
    expect(whole.keys).toHaveLength(12);
    expect(whole.carriages).toHaveLength(16); // 12 first places, 4 moves
    expect(whole.names.find((n) => n.kind === 3 && n.id === 100)?.name).toBe('Pack 100 (renamed)');
    expect(cut).toEqual(whole);
  });
});
