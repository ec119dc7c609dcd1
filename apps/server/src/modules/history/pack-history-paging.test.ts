// A pack carried by 20,000 probes at once, each on a new AGV every minute (docs/history.md): its history comes
// in pages with a cursor, never a 500, and the CSV holds every carriage.
import { assignmentSchema, type PackHistory } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { at, get, iso, placeOf, post, report, t, t0, useHistoryApp } from './history-api.testing.js';

useHistoryApp();

const probeID = (i: number) => `PG-${String(i).padStart(5, '0')}`;

/** Every probe reports at `minute` carrying the pack, each on an AGV of its own (a new carriage each minute). */
async function reportAll(pack: number, probes: number, minute: number): Promise<void> {
  at(minute, 5);
  for (let from = 0; from < probes; from += 1_000) {
    await post(
      Array.from({ length: Math.min(1_000, probes - from) }, (_, k) =>
        report(probeID(from + k), 20, 19, { assignment: placeOf(1, minute * probes + from + k, pack) }),
      ),
    );
  }
}

/**
 * The same reports straight into the history's recorder (HistoryService.recordAt, the demo backfill's way in), which
 * the ingest feeds: the writer stores the 40,000 carriages the page must not read at once, without the 40,000
 * reports' validation and evaluation (docs/decisions/testing.md (Suite budget)). The file's other tests ingest.
 */
function recordAll(pack: number, probes: number, minute: number): void {
  const atMs = t0 + minute * 60_000 + 5_000;
  for (let i = 0; i < probes; i += 1) {
    const { readings, batteryPercentage } = report(probeID(i), 20, 19);
    const place = assignmentSchema.parse(placeOf(1, minute * probes + i, pack));
    t.app.historyService.recordAt(probeID(i), atMs, readings ?? [], batteryPercentage ?? null, place);
  }
}

describe('GET /packs/{packId}/history in pages', () => {
  it('answers a pack on 20,000 probes with 200, a page and a cursor that leads on', { timeout: 600_000 }, async () => {
    const probes = 20_000;
    recordAll(777, probes, 10);
    recordAll(777, probes, 11);
    at(12, 30);
    const first = await get('/api/packs/777/history');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<PackHistory>();
    expect(page.batteryPack).toEqual({ id: 777, name: 'Pack 777' });
    expect(page.carriages).toHaveLength(500);
    expect(page.carriages[0]).toMatchObject({ from: iso(10), to: iso(11), agv: { id: 10 * probes, name: `AGV-${10 * probes}` } });
    const second = await get(`/api/packs/777/history?cursor=${page.nextCursor}`);
    expect(second.statusCode, second.body).toBe(200);
    const next = second.json<PackHistory>().carriages;
    expect(next).toHaveLength(500);
    const firstIds = new Set(page.carriages.map((c) => c.probeID));
    expect(next.filter((c) => firstIds.has(c.probeID))).toEqual([]);
  });

  it('leads through every carriage, and the CSV holds them all', async () => {
    const probes = 600;
    await reportAll(888, probes, 20);
    await reportAll(888, probes, 21);
    at(22, 30);
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await get(`/api/packs/888/history?limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json<PackHistory>();
      for (const c of body.carriages) seen.add(`${c.probeID} ${c.from}`);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(seen.size).toBe(2 * probes);
    expect(pages).toBe(2);
    const csv = await get('/api/packs/888/history.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1 + 2 * probes);
  });

  it('refuses a bad limit or cursor with 400 naming it', async () => {
    for (const [query, field] of [['limit=0', 'limit'], ['limit=1001', 'limit'], ['cursor=abc', 'cursor']] as const) {
      const answer = await get(`/api/packs/888/history?${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(field);
    }
  });
});
