// The alarms summary (docs/alarms.md "Summary"): the roll-up for full hours, a scan for the rest. Portable SQL
// only: times are ISO 8601 text, so hours and 10-minute windows are prefixes (substr) of raised_at.
import { alarmLimits, type AlarmSummary, type EventType } from '@bpm/protocol';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { meanOfIntegers } from '../../db/dialect.js';

type Db = Kysely<Database>;
type Summary = Omit<AlarmSummary, 'from' | 'to'>;
type WindowCount = { window: string; event: number; event_type: string; count: number | string };
type TopRow = { id: number | null; name: string | null; count: number | string };
type RangeQuery = SelectQueryBuilder<Database, 'alarms', object>;
const count = sql<number>`count(*)`;
/**
 * The summary counts annunciated alarms only (docs/alarms.md "Summary"); the others are counted apart. Literals,
 * not bound values, so that the planner can read the annunciated ones from the partial index
 * alarms_raised_annunciated (migration 0011-alarm-rollup-annunciated) alone.
 */
const isAnnunciated = sql<SqlBool>`annunciated = 1`;
const isNotAnnunciated = sql<SqlBool>`annunciated <> 1`;
/** The 10-minute window of an alarm: the first 15 characters of raised_at ("2026-11-23T08:4"). */
const windowOf = sql<string>`substr(raised_at, 1, 15)`;
const hourMs = 60 * 60 * 1000;

/**
 * Counts of the annunciated alarms raised in [from, to], and the number of the others (docs/alarms.md
 * Summary). The full hours of the range are read from the roll-up (docs/alarms.md "Summary roll-up"):
 * counts, hours, floods, stages, the acknowledgement count and mean, and the alarms never annunciated; the
 * part-hours at either end, the top probes and packs and the 90th percentile are scanned. The answer is the
 * plain scan's (scanSummary), for every range.
 */
export async function summarise(db: Db, from: string, to: string): Promise<Summary> {
  const hours = fullHoursOf(from, to);
  if (!hours) return scanSummary(db, from, to);
  const inRange = rangeOf(db, from, to).where(isAnnunciated);
  // The scanned ends: [from, first full hour) and [end of the last full hour, to].
  const endsOfAll = [
    db.selectFrom('alarms').where('raised_at', '>=', from).where('raised_at', '<', hours.first),
    db.selectFrom('alarms').where('raised_at', '>=', hours.end).where('raised_at', '<=', to),
  ];
  const ends = endsOfAll.map((end) => end.where(isAnnunciated));
  const firstWindow = `${hours.first.slice(0, 13)}:0`;
  const endWindow = `${hours.end.slice(0, 13)}:0`;
  const fullWindows = db.selectFrom('alarm_windows').where('ten_minutes', '>=', firstWindow).where('ten_minutes', '<', endWindow);
  const rolledWindows = fullWindows.where('raised', '>', 0);
  const notAnnunciatedParts = endsOfAll.reduce(
    (parts, end) => parts.unionAll(end.where(isNotAnnunciated).select(count.as('n'))),
    fullWindows.where('not_annunciated', '>', 0).select('not_annunciated as n'),
  );
  const stageParts = ends.reduce(
    (parts, end) =>
      parts.unionAll(
        end
          .where('stage_id', 'is not', null)
          .select(['stage_id', 'stage_name', sql<number>`1`.as('raised')])
          .$narrowType<{ stage_id: number; stage_name: string }>(),
      ),
    db
      .selectFrom('alarm_stage_hours')
      .where('hour', '>=', hours.first.slice(0, 13))
      .where('hour', '<', hours.end.slice(0, 13))
      .where('raised', '>', 0)
      .select(['stage_id', 'stage_name', 'raised']),
  );
  const ackParts = ends.reduce(
    (parts, end) =>
      parts.unionAll(end.select([sql<number>`count(ack_delay_ms)`.as('n'), sql<number>`sum(ack_delay_ms)`.as('s')])),
    rolledWindows.select(['acknowledged as n', 'ack_delay_ms_sum as s']),
  );
  const [rolled, firstEnd, lastEnd, topStages, ack, notAnnunciated, [topProbes, topPacks]] = await Promise.all([
    rolledWindows.select(['ten_minutes as window', 'event', 'event_type', 'raised as count']).execute(),
    windowCounts(ends[0]!),
    windowCounts(ends[1]!),
    db
      .selectFrom(stageParts.as('parts'))
      .select(['stage_id as id', sql<string>`max(stage_name)`.as('name'), sql<number>`sum(raised)`.as('count')])
      .groupBy('stage_id')
      .orderBy('count', 'desc')
      .orderBy('stage_id')
      .limit(10)
      .execute(),
    db
      .selectFrom(ackParts.as('parts'))
      .select([sql<number | null>`sum(n)`.as('count'), meanOfIntegers(db, sql`sum(s)`, sql`sum(n)`).as('mean')])
      .executeTakeFirst(),
    db
      .selectFrom(notAnnunciatedParts.as('parts'))
      .select(sql<number | string | null>`sum(n)`.as('count'))
      .executeTakeFirst(),
    topProbesAndPacks(inRange),
  ]);
  return assemble(inRange, {
    windows: [...firstEnd, ...rolled, ...lastEnd],
    notAnnunciated: notAnnunciated?.count,
    topProbes,
    topStages,
    topPacks,
    ack,
  });
}

/**
 * The plain scan: every alarm of [from, to] read (one group-by of 10-minute windows for the counts, hours
 * and floods; one scan each for the top lists and the acknowledgement times, all of annunciated alarms; one
 * count of the others). Ranges without a full hour are answered so; it is also the definition the roll-up
 * is checked against (alarm-rollup.test.ts).
 */
export async function scanSummary(db: Db, from: string, to: string): Promise<Summary> {
  const inRange = rangeOf(db, from, to).where(isAnnunciated);
  const [windows, topStages, ack, notAnnunciated, [topProbes, topPacks]] = await Promise.all([
    windowCounts(inRange),
    inRange
      .where('stage_id', 'is not', null)
      .select(['stage_id as id', sql<string>`max(stage_name)`.as('name'), count.as('count')])
      .groupBy('stage_id')
      .orderBy('count', 'desc')
      .orderBy('stage_id')
      .limit(10)
      .execute(),
    inRange
      .where('ack_delay_ms', 'is not', null)
      .select([count.as('count'), sql<number | string | null>`avg(ack_delay_ms)`.as('mean')])
      .executeTakeFirst(),
    rangeOf(db, from, to).where(isNotAnnunciated).select(count.as('count')).executeTakeFirst(),
    topProbesAndPacks(inRange),
  ]);
  return assemble(inRange, { windows, notAnnunciated: notAnnunciated?.count, topProbes, topStages, topPacks, ack });
}

function rangeOf(db: Db, from: string, to: string): RangeQuery {
  return db.selectFrom('alarms').where('raised_at', '>=', from).where('raised_at', '<=', to);
}

/**
 * The hours wholly inside [from, to]: [first, end) as stored times, or null when there is none (or the
 * range is not in the stored form, "…000Z", where text order is time order and the split is exact).
 */
function fullHoursOf(from: string, to: string): { first: string; end: string } | null {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return null;
  if (new Date(fromMs).toISOString() !== from || new Date(toMs).toISOString() !== to) return null;
  const first = Math.ceil(fromMs / hourMs) * hourMs;
  const end = Math.floor((toMs + 1) / hourMs) * hourMs;
  if (end <= first) return null;
  const [firstIso, endIso] = [new Date(first).toISOString(), new Date(end).toISOString()];
  return firstIso.length === 24 && endIso.length === 24 ? { first: firstIso, end: endIso } : null;
}

function windowCounts(range: RangeQuery): Promise<WindowCount[]> {
  return range
    .select([windowOf.as('window'), 'event', 'event_type', count.as('count')])
    .groupBy([windowOf, 'event', 'event_type'])
    .execute();
}

function topProbesAndPacks(range: RangeQuery): Promise<[{ probe_id: string; count: number }[], TopRow[]]> {
  return Promise.all([
    range
      .select(['probe_id', count.as('count')])
      .groupBy('probe_id')
      .orderBy('count', 'desc')
      .orderBy('probe_id')
      .limit(10)
      .execute(),
    range
      .where('pack_id', 'is not', null)
      .select(['pack_id as id', sql<string>`max(pack_name)`.as('name'), count.as('count')])
      .groupBy('pack_id')
      .orderBy('count', 'desc')
      .orderBy('pack_id')
      .limit(10)
      .execute(),
  ]);
}

/** The 90th percentile of the acknowledgement delays of the range (ms), or null when none. */
async function p90Of(range: RangeQuery, ackCount: number): Promise<number | null> {
  if (ackCount === 0) return null;
  const row = await range
    .where('ack_delay_ms', 'is not', null)
    .select('ack_delay_ms')
    .orderBy('ack_delay_ms')
    .offset(Math.min(ackCount - 1, Math.ceil(ackCount * 0.9) - 1))
    .limit(1)
    .executeTakeFirst();
  return row?.ack_delay_ms ?? null;
}

/** The answer from the counted parts; the 90th percentile of the acknowledgement delays is read from `range` (annunciated alarms) here. */
async function assemble(
  range: RangeQuery,
  parts: {
    windows: readonly WindowCount[];
    /** The alarms of the range that were never annunciated. */
    notAnnunciated: number | string | null | undefined;
    topProbes: readonly { probe_id: string; count: number | string }[];
    topStages: readonly TopRow[];
    topPacks: readonly TopRow[];
    ack: { count: number | string | null; mean: number | string | null } | undefined;
  },
): Promise<Summary> {
  const ackCount = Number(parts.ack?.count ?? 0);
  const ackMeanMs = parts.ack?.mean ?? null;
  const p90Ms = await p90Of(range, ackCount);
  const byType = new Map<string, number>();
  const byEvent = new Map<number, number>();
  const perHour = new Map<string, number>();
  const perWindow = new Map<string, number>();
  for (const row of parts.windows) {
    const n = Number(row.count);
    byType.set(row.event_type, (byType.get(row.event_type) ?? 0) + n);
    byEvent.set(row.event, (byEvent.get(row.event) ?? 0) + n);
    perHour.set(row.window.slice(0, 13), (perHour.get(row.window.slice(0, 13)) ?? 0) + n);
    perWindow.set(row.window, (perWindow.get(row.window) ?? 0) + n);
  }
  const windowStart = (w: string) => `${w}0:00.000Z`;
  const top = (rows: readonly TopRow[]) => rows.map((r) => ({ id: r.id!, name: r.name ?? '', count: Number(r.count) }));
  return {
    total: [...byType.values()].reduce((sum, n) => sum + n, 0),
    notAnnunciated: Number(parts.notAnnunciated ?? 0),
    // Equal counts in event type order: the rows come in no set order (PostgreSQL groups by hashing).
    byEventType: [...byType]
      .map(([eventType, n]) => ({ eventType: eventType as EventType, count: n }))
      .sort((a, b) => b.count - a.count || (a.eventType < b.eventType ? -1 : a.eventType > b.eventType ? 1 : 0)),
    byEvent: [...byEvent].map(([event, n]) => ({ event, count: n })).sort((a, b) => a.event - b.event),
    topProbes: parts.topProbes.map((r) => ({ probeID: r.probe_id, count: Number(r.count) })),
    topStages: top(parts.topStages),
    topPacks: top(parts.topPacks),
    perHour: [...perHour].sort(([a], [b]) => a.localeCompare(b)).map(([hour, n]) => ({ hour: `${hour}:00:00.000Z`, count: n })),
    timeToAcknowledge: {
      count: ackCount,
      meanSeconds: ackCount > 0 && ackMeanMs != null ? Number(ackMeanMs) / 1000 : null,
      p90Seconds: p90Ms === null ? null : p90Ms / 1000,
    },
    floods: [...perWindow]
      .filter(([, n]) => n > alarmLimits.floodAlarms)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([w, n]) => ({
        start: windowStart(w),
        end: new Date(Date.parse(windowStart(w)) + alarmLimits.floodWindowMinutes * 60_000).toISOString(),
        count: n,
      })),
  };
}
