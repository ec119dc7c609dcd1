// Reading alarms against the real app (inject): the list's filters and paging, the journal, the summary
// (annunciated alarms only) and the CSV export read back (docs/alarms.md).
import type { Alarm, AlarmSummary, JournalEntry } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import type { AlarmEpisode } from './alarm-tracker.js';
import { upsertAlarms } from './alarms.queries.js';
import { parseCsv } from './csv-parse.testing.js';
import {
  admin,
  get,
  id,
  operator,
  post,
  prefix,
  report,
  send,
  sealing,
  supervisor,
  t,
  useAlarmsApp,
  welding,
} from './alarms-api.testing.js';

useAlarmsApp();

describe('reading alarms', () => {
  it('filters by state, probe, pack, stage, event, event type and time, and pages with before', async () => {
    await send([
      report(id('P-1'), 50),
      report(id('P-2'), 60, { assignment: sealing }),
      report(id('P-3'), -5, { batteryPercentage: 5 }),
    ]);
    await send([report(id('P-1'), 30)]);
    const mine = async (query: string) =>
      (await get<Alarm[]>(`/alarms?${query}`)).body
        .filter((a) => a.probeID.startsWith(prefix))
        .map((a) => `${a.probeID.slice(prefix.length)}:${a.event}`);
    expect(await mine('')).toEqual(['P-3:21', 'P-3:13', 'P-2:11', 'P-1:10']);
    expect(await mine('state=returned')).toEqual(['P-1:10']);
    expect(await mine('state=open')).toEqual(['P-3:21', 'P-3:13', 'P-2:11', 'P-1:10']);
    expect(await mine('state=unacknowledged')).toEqual(['P-3:21', 'P-3:13', 'P-2:11']);
    expect(await mine(`probeID=${id('P-3')}`)).toEqual(['P-3:21', 'P-3:13']);
    expect(await mine('packId=3001')).toEqual(['P-2:11']);
    expect(await mine('stageId=4')).toEqual(['P-2:11']);
    expect(await mine('event=13')).toEqual(['P-3:13']);
    expect(await mine('eventType=Warning')).toEqual(['P-1:10']);
    const all = (await get<Alarm[]>(`/alarms?limit=2`)).body;
    const next = (await get<Alarm[]>(`/alarms?limit=2&before=${all[1]!.id}`)).body;
    expect(next[0]!.id).toBeLessThan(all[1]!.id);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await mine(`from=${encodeURIComponent(future)}`)).toEqual([]);
    expect(await mine(`to=${encodeURIComponent(future)}&from=2020-01-01T00:00:00Z`)).toHaveLength(4);
    const closedOrAck = await mine('state=closed');
    expect(closedOrAck).toEqual([]);
  });

  it('answers the journal filtered by probe, pack and time, with paging', async () => {
    await send([report(id('P-1'), 50, { assignment: sealing }), report(id('P-1'), 30, { assignment: sealing })]);
    const entries = (await get<JournalEntry[]>(`/journal?packId=3001&probeID=${id('P-1')}`)).body;
    expect(entries.map((e) => e.event)).toEqual([14, 10, 40]);
    expect(entries[2]!.assignment?.batteryPack).toEqual(sealing.batteryPack);
    const page = (await get<JournalEntry[]>(`/journal?probeID=${id('P-1')}&limit=1&before=${entries[0]!.id}`)).body;
    expect(page.map((e) => e.event)).toEqual([10]);
    expect((await get<JournalEntry[]>(`/journal?probeID=${id('P-1')}&to=2020-01-01T00:00:00Z`)).body).toEqual([]);
  });

  it('summarises counts, top probes, stages and packs, alarms per hour, time to acknowledge and floods', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const flood = Array.from({ length: 12 }, (_, i) => report(id(`F-${i}`), 60, { assignment: sealing }));
    await send(flood);
    const ids = (await get<Alarm[]>(`/alarms?packId=3001&from=${encodeURIComponent(from)}`)).body
      .filter((a) => a.probeID.startsWith(prefix))
      .map((a) => a.id);
    expect((await post('/alarms/acknowledge', { ids, comment: 'flood at sealing' }, supervisor)).json()).toEqual({
      acknowledged: 12,
    });
    const to = new Date(Date.now() + 1000).toISOString();
    const { status, body } = await get<import('@bpm/protocol').AlarmSummary>(
      `/alarms/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(12);
    expect(body.byEventType).toContainEqual({ eventType: 'Critical', count: expect.any(Number) });
    expect(body.byEvent.find((e) => e.event === 11)!.count).toBeGreaterThanOrEqual(12);
    expect(body.topStages[0]).toMatchObject({ id: 4, name: 'Pack sealing' });
    expect(body.topPacks[0]).toMatchObject({ id: 3001, name: sealing.batteryPack.name });
    expect(body.topProbes.length).toBeGreaterThan(0);
    expect(body.perHour.reduce((n, h) => n + h.count, 0)).toBe(body.total);
    expect(body.timeToAcknowledge.count).toBeGreaterThanOrEqual(12);
    expect(body.timeToAcknowledge.meanSeconds).toBeGreaterThanOrEqual(0);
    expect(body.timeToAcknowledge.p90Seconds).toBeGreaterThanOrEqual(0);
    expect(body.floods.length).toBeGreaterThanOrEqual(1);
    expect(body.floods[0]!.count).toBeGreaterThan(10);
  });

  it('counts annunciated alarms only: 11 never annunciated in a window are no flood, and are counted apart', async () => {
    // Stored as the batch writer stores them, in windows of a day long past that holds these alarms alone.
    const stored = (letter: string, i: number, time: string, annunciated: boolean, ackDelayMs: number): AlarmEpisode => {
      const raisedAt = `2025-01-15T${time}Z`;
      const assignment = annunciated ? sealing : welding;
      return {
        id: (annunciated ? 1_000_100 : 1_000_000) + i,
        probeID: id(`${letter}-${i}`),
        event: 11,
        eventType: 'Critical',
        raisedAt,
        raisedMessage: 'hot',
        lastMessage: 'hot',
        peak: 60,
        assignment: { buildStage: assignment.buildStage, agv: assignment.agv, batteryPack: assignment.batteryPack },
        suppressed: !annunciated,
        clearedAt: new Date(Date.parse(raisedAt) + 60_000).toISOString(),
        acknowledgedAt: new Date(Date.parse(raisedAt) + ackDelayMs).toISOString(),
        acknowledgedBy: { id: 1, username: 'admin' },
        ackComment: null,
        shelvedUntil: null,
        shelvedBy: null,
        shelveReason: null,
        annunciated,
        ackDelayMs,
      };
    };
    // 10:00–10:10: alarms that only ever sat in suppressedEvents (acknowledged at once all the same);
    // 10:20–10:30: as many annunciated, acknowledged after 5 s.
    await upsertAlarms(t.app.db, [
      ...Array.from({ length: 11 }, (_, i) => stored('S', i, `10:01:0${i % 10}.000`, false, 0)),
      ...Array.from({ length: 11 }, (_, i) => stored('N', i, `10:21:0${i % 10}.000`, true, 5_000)),
    ]);
    const summary = async (from: string, to: string) => {
      const { status, body } = await get<AlarmSummary>(`/alarms/summary?from=${from}&to=${to}`);
      expect(status).toBe(200);
      return body;
    };
    // The suppressed window alone (no full hour: the plain scan).
    expect(await summary('2025-01-15T10:00:00.000Z', '2025-01-15T10:09:59.999Z')).toEqual({
      from: '2025-01-15T10:00:00.000Z',
      to: '2025-01-15T10:09:59.999Z',
      total: 0,
      notAnnunciated: 11,
      byEventType: [],
      byEvent: [],
      topProbes: [],
      topStages: [],
      topPacks: [],
      perHour: [],
      timeToAcknowledge: { count: 0, meanSeconds: null, p90Seconds: null },
      floods: [],
    });
    // Both windows, in full hours (read from the roll-up): only the annunciated alarms count, and they are a flood.
    const both = await summary('2025-01-15T09:00:00.000Z', '2025-01-15T11:59:59.999Z');
    expect(both).toMatchObject({
      total: 11,
      notAnnunciated: 11,
      byEventType: [{ eventType: 'Critical', count: 11 }],
      byEvent: [{ event: 11, count: 11 }],
      topStages: [{ id: 4, name: 'Pack sealing', count: 11 }],
      topPacks: [{ id: 3001, name: sealing.batteryPack.name, count: 11 }],
      perHour: [{ hour: '2025-01-15T10:00:00.000Z', count: 11 }],
      timeToAcknowledge: { count: 11, meanSeconds: 5, p90Seconds: 5 },
      floods: [{ start: '2025-01-15T10:20:00.000Z', end: '2025-01-15T10:30:00.000Z', count: 11 }],
    });
    expect(both.topProbes).toHaveLength(10);
    expect(both.topProbes.every((p) => p.probeID.startsWith(id('N-')) && p.count === 1)).toBe(true);
  });

  it('counts the alarms that probe updates raise under suppression as not annunciated', async () => {
    // Hot probes without an assignment: the alarm's event only ever sits in suppressedEvents.
    const from = new Date().toISOString();
    await send(Array.from({ length: 11 }, (_, i) => report(id(`S-${i}`), 60, { assignment: null })));
    const to = new Date().toISOString();
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const raised = (await get<Alarm[]>(`/alarms?${range}&limit=1000`)).body;
    expect(raised.filter((a) => a.probeID.startsWith(prefix) && a.suppressed)).toHaveLength(11);
    // Anything else raised meanwhile (a watchdog of an earlier test's probe) is annunciated.
    const { body } = await get<AlarmSummary>(`/alarms/summary?${range}`);
    expect(body.notAnnunciated).toBe(11);
    expect(body.total).toBe(raised.length - 11);
  });

  it('exports CSV that reads back as the list, with a header row', async () => {
    await send([report(id('P-1'), 50, { assignment: sealing }), report(id('P-2'), 60, { assignment: sealing })]);
    await post('/alarms/acknowledge', {
      ids: (await get<Alarm[]>(`/alarms?probeID=${id('P-2')}`)).body.map((a) => a.id),
      comment: 'line one\nline "two", ok',
    });
    const list = (await get<Alarm[]>('/alarms?packId=3001&limit=1000')).body;
    const csv = await get<never>('/alarms.csv?packId=3001', admin).catch(() => undefined);
    const response = await t.app.inject({ method: 'GET', url: '/api/alarms.csv?packId=3001', headers: admin });
    expect(csv).toBeUndefined(); // not JSON
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="BPM_alarms_/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'id',
      'probeID',
      'event',
      'eventType',
      'state',
      'raisedAt',
      'clearedAt',
      'raisedMessage',
      'lastMessage',
      'peak',
      'stageId',
      'stage',
      'agvId',
      'agv',
      'packId',
      'pack',
      'suppressed',
      'acknowledgedAt',
      'acknowledgedBy',
      'ackComment',
      'shelvedUntil',
      'shelvedBy',
      'shelveReason',
    ]);
    const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    expect(rows).toEqual(
      list.map((a) => [
        text(a.id),
        a.probeID,
        text(a.event),
        a.eventType,
        a.state,
        a.raisedAt,
        text(a.clearedAt),
        a.raisedMessage,
        a.lastMessage,
        text(a.peak),
        text(a.assignment?.buildStage?.id),
        text(a.assignment?.buildStage?.name),
        text(a.assignment?.agv?.id),
        text(a.assignment?.agv?.name),
        text(a.assignment?.batteryPack?.id),
        text(a.assignment?.batteryPack?.name),
        text(a.suppressed),
        text(a.acknowledgedAt),
        text(a.acknowledgedBy?.username),
        text(a.ackComment),
        text(a.shelvedUntil),
        text(a.shelvedBy?.username),
        text(a.shelveReason),
      ]),
    );
    expect(rows.some((r) => r[19] === 'line one\nline "two", ok')).toBe(true);

    const journal = (await get<JournalEntry[]>(`/journal?probeID=${id('P-1')}`)).body;
    const journalCsv = await t.app.inject({ method: 'GET', url: `/api/journal.csv?probeID=${id('P-1')}`, headers: operator });
    const [journalHeader, ...journalRows] = parseCsv(journalCsv.body);
    expect(journalHeader![0]).toBe('id');
    expect(journalRows.map((r) => Number(r[0]))).toEqual(journal.map((e) => e.id));
  });
});
