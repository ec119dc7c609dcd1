// The summary's roll-up tables (docs/alarms.md "Summary roll-up"): what an alarm counts for, and keeping
// the counts right in the transaction that writes or deletes the alarms they count. An annunciated alarm
// counts as raised (and acknowledged, with its delay); one never annunciated only as not_annunciated.
import { sql, type Kysely, type Selectable } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import { executeRepeatedInsert } from '../../db/repeated-insert.js';
import type { AlarmStageHoursTable, AlarmWindowsTable, AlarmsTable, Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The columns of an alarm that the roll-up counts by. */
export const rollupColumns = [
  'id',
  'raised_at',
  'event',
  'event_type',
  'stage_id',
  'stage_name',
  'ack_delay_ms',
  'annunciated',
] as const;
export type CountedAlarm = Pick<Selectable<AlarmsTable>, (typeof rollupColumns)[number]>;

/** Roll-up rows per upsert: 7,000 bound values at most (SQLite allows 32,766, PostgreSQL 65,535). */
const rowsPerStatement = 1000;

// A change to a roll-up row: the table's own columns, the counts signed.
type WindowDelta = AlarmWindowsTable;
type StageDelta = AlarmStageHoursTable;

/**
 * Moves the roll-up from counting `before` (rows as stored, possibly none; an id missing from `after` is
 * deleted) to counting `after`. Must run in the transaction that writes those rows. An alarm whose counted
 * columns did not change costs no roll-up write (most rewrites: its last message or peak changed).
 */
export async function recount(db: Db, before: readonly CountedAlarm[], after: readonly CountedAlarm[]): Promise<void> {
  const windows = new Map<string, WindowDelta>();
  const stages = new Map<string, StageDelta>();
  const add = (a: CountedAlarm, sign: 1 | -1) => {
    const tenMinutes = a.raised_at.slice(0, 15);
    const windowKey = JSON.stringify([tenMinutes, a.event, a.event_type]);
    let w = windows.get(windowKey);
    if (!w) {
      w = {
        ten_minutes: tenMinutes,
        event: a.event,
        event_type: a.event_type,
        raised: 0,
        acknowledged: 0,
        ack_delay_ms_sum: 0,
        not_annunciated: 0,
      };
      windows.set(windowKey, w);
    }
    // Never annunciated: counted apart, in nothing else (not its acknowledgement, not its stage).
    if (a.annunciated !== 1) {
      w.not_annunciated += sign;
      return;
    }
    w.raised += sign;
    if (a.ack_delay_ms !== null) {
      w.acknowledged += sign;
      w.ack_delay_ms_sum += sign * a.ack_delay_ms;
    }
    if (a.stage_id === null) return;
    const hour = a.raised_at.slice(0, 13);
    // A stage always has a name in the product (docs/alarms.md); '' stands for a missing one (key column).
    const name = a.stage_name ?? '';
    const stageKey = JSON.stringify([hour, a.stage_id, name]);
    let s = stages.get(stageKey);
    if (!s) {
      s = { hour, stage_id: a.stage_id, stage_name: name, raised: 0 };
      stages.set(stageKey, s);
    }
    s.raised += sign;
  };
  // Most rewrites leave an alarm's counted columns as they were: those cancel out before any key is built.
  const stored = new Map(before.map((a) => [a.id, a]));
  for (const a of after) {
    const old = stored.get(a.id);
    if (old !== undefined) {
      stored.delete(a.id);
      if (sameCounts(old, a)) continue;
      add(old, -1);
    }
    add(a, 1);
  }
  for (const old of stored.values()) add(old, -1);
  // In key order: two writers lock the rows they count in the same order (no deadlock on PostgreSQL).
  const windowRows = inKeyOrder(windows).filter(
    (w) => w.raised !== 0 || w.acknowledged !== 0 || w.ack_delay_ms_sum !== 0 || w.not_annunciated !== 0,
  );
  const stageRows = inKeyOrder(stages).filter((s) => s.raised !== 0);
  // Retention after a long stop can delete months at once: a bounded number of bound values per statement.
  // Steady sizes and compiled once (as the alarms' own upsert): the flush of a second with a new alarm wrote one or
  // two roll-up rows with statements built and compiled anew.
  for (let i = 0; i < windowRows.length; i += rowsPerStatement)
    await inSteadySizes(windowRows.slice(i, i + rowsPerStatement), (rows) =>
      executeRepeatedInsert(db, 'recountWindows', rows, () =>
        db
          .insertInto('alarm_windows')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['ten_minutes', 'event', 'event_type']).doUpdateSet({
              raised: sql`alarm_windows.raised + excluded.raised`,
              acknowledged: sql`alarm_windows.acknowledged + excluded.acknowledged`,
              ack_delay_ms_sum: sql`alarm_windows.ack_delay_ms_sum + excluded.ack_delay_ms_sum`,
              not_annunciated: sql`alarm_windows.not_annunciated + excluded.not_annunciated`,
            }),
          ),
      ),
    );
  for (let i = 0; i < stageRows.length; i += rowsPerStatement)
    await inSteadySizes(stageRows.slice(i, i + rowsPerStatement), (rows) =>
      executeRepeatedInsert(db, 'recountStages', rows, () =>
        db
          .insertInto('alarm_stage_hours')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['hour', 'stage_id', 'stage_name']).doUpdateSet({ raised: sql`alarm_stage_hours.raised + excluded.raised` }),
          ),
      ),
    );
  // A row whose counts all come to zero (its alarms moved to another key, or deleted) is deleted: the summary
  // lists only hours and windows with alarms. Only fewer alarms under a key can empty its row; an alarm that
  // becomes annunciated moves from not_annunciated to raised under the same key.
  if (windowRows.some((w) => w.raised + w.not_annunciated < 0))
    await db
      .deleteFrom('alarm_windows')
      .where('raised', '=', 0)
      .where('not_annunciated', '=', 0)
      .where('acknowledged', '=', 0)
      .where('ack_delay_ms_sum', '=', 0)
      .execute();
  if (stageRows.some((s) => s.raised < 0)) await db.deleteFrom('alarm_stage_hours').where('raised', '=', 0).execute();
}

const inKeyOrder = <T>(rows: Map<string, T>): T[] => [...rows.keys()].sort().map((key) => rows.get(key)!);

const sameCounts = (a: CountedAlarm, b: CountedAlarm) =>
  a.raised_at === b.raised_at &&
  a.event === b.event &&
  a.event_type === b.event_type &&
  a.stage_id === b.stage_id &&
  a.stage_name === b.stage_name &&
  a.ack_delay_ms === b.ack_delay_ms &&
  a.annunciated === b.annunciated;

/**
 * Writes `rows` in statements of power-of-two sizes, in order (42 rows: 32, 8, 2). How many alarms change in a
 * second varies, and each new count was a statement of a new shape, built, compiled and prepared anew: most of
 * the journal's once-a-second flush (docs/decisions/alarms.md#journal-overhead). Six sizes stay compiled
 * (db/repeated-insert.ts) and prepared.
 */
export async function inSteadySizes<T>(rows: readonly T[], write: (rows: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; ) {
    const size = 2 ** Math.floor(Math.log2(rows.length - i));
    await write(rows.slice(i, i + size));
    i += size;
  }
}

/** The counted columns of the stored alarms `ids`, locked on PostgreSQL until the transaction ends (no concurrent writer moves them meanwhile). */
export async function countedAlarms(db: Db, ids: readonly number[]): Promise<CountedAlarm[]> {
  // Padded to a power of two with the last id again (the same rows): a few statement shapes, as inSteadySizes.
  const padded = [...ids];
  while (padded.length > 0 && (padded.length & (padded.length - 1)) !== 0) padded.push(padded.at(-1)!);
  const query = db.selectFrom('alarms').select(rollupColumns).where('id', 'in', padded);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).execute();
}
