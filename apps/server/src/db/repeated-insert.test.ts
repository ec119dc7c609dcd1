// Repeated multi-row inserts (docs/storage.md (Batched writes)): a shape compiled once and then reused writes
// each chunk's own values, on whichever database this project runs; a row lacking a value gets the default.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { executeRepeatedInsert } from './repeated-insert.js';

const entry = (n: number, alarmId?: number | null) => ({
  ts: `2026-11-26T05:00:0${n}.000Z`,
  probe_id: `P-${n}`,
  event: 20 + (n % 2),
  event_type: 'Warning',
  event_string: `text ${n}`,
  suppressed: n % 2,
  alarm_id: alarmId,
  stage_id: null,
  stage_name: null,
  agv_id: null,
  agv_name: null,
  pack_id: n,
  pack_name: `Pack ${n}`,
});

let t: TestApp;
afterEach(() => t.close());

describe('executeRepeatedInsert', () => {
  it('writes every chunk of the same shape with its own values, and rows lacking a value with the default', async () => {
    t = await createTestApp();
    const db = t.app.db;
    const chunks = [
      [entry(1, null), entry(2, null)],
      [entry(3, null), entry(4, null)],
      [entry(5, null), entry(6, null)],
      [entry(7), entry(8)],
    ];
    for (const rows of chunks) await executeRepeatedInsert(db, 'test', rows, () => db.insertInto('journal').values(rows));
    const written = await db
      .selectFrom('journal')
      .select(['probe_id', 'event', 'event_string', 'suppressed', 'alarm_id', 'pack_id', 'pack_name'])
      .where('probe_id', 'like', 'P-%')
      .orderBy('id')
      .execute();
    expect(written).toEqual(
      chunks.flat().map((e) => ({
        probe_id: e.probe_id,
        event: e.event,
        event_string: e.event_string,
        suppressed: e.suppressed,
        alarm_id: null,
        pack_id: e.pack_id,
        pack_name: e.pack_name,
      })),
    );
  });
});
