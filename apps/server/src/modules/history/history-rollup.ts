// Hourly roll-up (docs/history.md "Hourly roll-up"): once an hour is over and its minutes are written,
// each probe's minutes of that hour are merged by the database into one history_hours row, in small
// statements (an hour of a dozen probes, or a day of one probe) with a turn of the event loop whenever a turn has used
// its budget. Reads of long spans take whole hours from that table, minutes elsewhere.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { loadRolledUntil, minuteSpan, rollUpHours, rollUpProbeHours, saveRolledUntil } from './history.queries.js';

/** At most a day of one probe (1,440 minute rows), or an hour of this many probes (720), per statement. */
const hoursPerStatement = 24;
const probesPerStatement = 12;

export interface RollupTarget {
  probeKeys: () => number[];
  /** True once the server is closing: the roll-up stops at the next turn (the next one starts over). */
  stopping: () => boolean;
}

export class HourRollup {
  /** Every hour before it is rolled up for every probe; undefined before the first roll-up. */
  private until: number | undefined;
  /** As stored in history_rollup (a crash restarts from there). */
  private stored: number | undefined;
  /** While a roll-up runs: the hour it rolls up to, and the earliest hour a minute was written into since it began. */
  private running: { toHour: number; late: number | undefined } | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<void> {
    this.until = this.stored = await loadRolledUntil(this.db);
  }

  /** Reads may take the hours before this one from history_hours. */
  rolledUntil(): number {
    return this.until ?? Number.NEGATIVE_INFINITY;
  }

  /** The writer stored minutes from `minute` on: an hour already rolled up (a late minute) is rolled up again. */
  minutesWritten(minute: number): void {
    const hour = Math.floor(minute / 60);
    if (this.running && hour < this.running.toHour) this.running.late = Math.min(this.running.late ?? hour, hour);
    if (this.until !== undefined && hour < this.until) this.until = hour;
  }

  /**
   * Rolls up every hour before `toHour` not rolled up yet (from `firstHour` the first time: the oldest
   * hour retention keeps). The caller makes sure the minutes before `toHour` are all written.
   */
  async run(target: RollupTarget, toHour: number, firstHour: number, budgetMs = 5): Promise<void> {
    const fromHour = this.until ?? firstHour;
    if (fromHour >= toHour) return;
    // Stored first when it moves back (late minutes): a crash in the middle starts over from there.
    if (this.stored !== undefined && fromHour < this.stored) {
      await saveRolledUntil(this.db, fromHour);
      this.stored = fromHour;
    }
    this.running = { toHour, late: undefined };
    try {
      // The turn that flushed the minutes before this has used some of its budget: the first slice waits for a new one.
      let turnStart = Number.NEGATIVE_INFINITY;
      const yieldIfDue = async () => {
        if (performance.now() - turnStart < budgetMs) return;
        await new Promise((resolve) => setImmediate(resolve));
        turnStart = performance.now();
      };
      const keys = target.probeKeys();
      if (toHour - fromHour === 1) {
        // The usual roll-up, the hour just over: many probes share a statement.
        for (let i = 0; i < keys.length; i += probesPerStatement) {
          await yieldIfDue();
          if (target.stopping()) return;
          await rollUpHours(this.db, keys.slice(i, i + probesPerStatement), fromHour, toHour);
        }
      } else {
        // More to do (the first roll-up, a late minute): each probe over the hours where it has minutes.
        for (const key of keys) {
          await yieldIfDue();
          if (target.stopping()) return;
          const span = await minuteSpan(this.db, key);
          if (span === undefined) continue;
          const first = Math.max(fromHour, Math.floor(span.oldest / 60));
          const end = Math.min(toHour, Math.floor(span.newest / 60) + 1);
          for (let hour = first; hour < end; hour += hoursPerStatement) {
            if (hour > first) await yieldIfDue();
            if (target.stopping()) return;
            await rollUpProbeHours(this.db, key, hour, Math.min(end, hour + hoursPerStatement));
          }
        }
      }
      // A minute written meanwhile before toHour (its probe perhaps already done) leaves its hour to the next run.
      const until = Math.min(toHour, this.running.late ?? toHour);
      await saveRolledUntil(this.db, until);
      this.stored = this.until = until;
    } finally {
      this.running = undefined;
    }
  }
}
