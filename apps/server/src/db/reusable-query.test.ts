// Queries compiled once and run with each call's values (docs/decisions/probes.md#reusable-queries): every call answers
// as the same query built afresh would, on whichever database this project runs, including a query whose
// shape depends on its values (then it is built every time).
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { reusableQuery } from './reusable-query.js';
import type { Database } from './schema.js';

let t: TestApp;
afterEach(() => t.close());

const journalRow = (n: number) => ({
  ts: `2026-11-26T05:00:0${n}.000Z`,
  probe_id: `R-${n % 3}`,
  event: 20 + n,
  event_type: 'Warning',
  event_string: `text ${n}`,
  suppressed: 0,
  alarm_id: null,
  stage_id: null,
  stage_name: null,
  agv_id: null,
  agv_name: null,
  pack_id: null,
  pack_name: null,
});

const select = (db: Kysely<Database>, probeID: string, minEvent: number) =>
  db
    .selectFrom('journal')
    .select(['probe_id', 'event'])
    .where('probe_id', '=', probeID)
    .where('event', '>=', minEvent)
    .orderBy('event');

describe('reusableQuery', () => {
  it('answers every call with its own values, in any order of arguments, as the query built afresh does', async () => {
    t = await createTestApp();
    const db = t.app.db;
    await db.insertInto('journal').values([1, 2, 3, 4, 5, 6, 7].map(journalRow)).execute();
    // The arguments in the other order than the query uses them, so the parameter positions are mapped, not assumed.
    const reused = reusableQuery(2, (d: Kysely<Database>, minEvent: number, probeID: string) => select(d, probeID, minEvent));
    for (const [probeID, minEvent] of [
      ['R-1', 0],
      ['R-2', 23],
      ['R-0', 26],
      ['R-1', 100],
      ['R-1', 21],
    ] as const) {
      expect(await reused(db, minEvent, probeID)).toEqual(await select(db, probeID, minEvent).execute());
    }
  });

  it('builds the query afresh for a call whose argument is a list (kysely spreads it into several parameters)', async () => {
    t = await createTestApp();
    const db = t.app.db;
    await db.insertInto('journal').values([1, 2, 3, 4, 5].map(journalRow)).execute();
    const byEvents = (d: Kysely<Database>, events: number) =>
      d.selectFrom('journal').select(['event']).where('event', 'in', events).orderBy('event');
    const reused = reusableQuery(1, byEvents);
    // Only a caller that bends the types can pass a list; the answer must still be the built query's, call after call.
    expect(await reused(db, [21, 23] as never)).toEqual([{ event: 21 }, { event: 23 }]);
    expect(await reused(db, [22, 24, 25] as never)).toEqual([{ event: 22 }, { event: 24 }, { event: 25 }]);
  });
});
