// Retention (BPM_HISTORY_MAX_AGE_DAYS, docs/history.md): a periodic prune that deletes old minutes, hours,
// carriages and packs in small statements and yields to the event loop whenever a turn has used its
// budget, so that it never holds the loop for more than a few milliseconds.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  deleteCarriagesBefore,
  deleteHours,
  deleteMinutes,
  deletePacks,
  oldestMinute,
  selectPacksAfter,
} from './history.queries.js';

/** At most this many minute rows per DELETE (a few milliseconds). */
const rowsPerStatement = 1440;
const packsPerStatement = 500;

export interface PruneTarget {
  db: Kysely<Database>;
  probeKeys: () => number[];
  /** Called once the packs seen before `cutoff` are gone. */
  packsPruned: (cutoff: number) => void;
  /** True once the server is closing: the prune stops at the next turn (the next prune carries on). */
  stopping: () => boolean;
}

/**
 * Deletes everything recorded before `cutoff` (a history minute on an hour, so that the hourly roll-up
 * keeps or loses whole hours). `since`: nothing before it is left (the previous prune's cutoff), so each
 * probe has at most `cutoff - since` minutes to lose and many probes share a statement; without it (the
 * first prune after a start) each probe's oldest minute is looked up. Answers whether it finished.
 * `budgetMs` is the most work per event-loop turn.
 */
export async function pruneHistory(
  target: PruneTarget,
  cutoff: number,
  since: number | undefined,
  budgetMs = 5,
): Promise<boolean> {
  let turnStart = performance.now();
  const yieldIfDue = async () => {
    if (performance.now() - turnStart < budgetMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    turnStart = performance.now();
  };
  const db = target.db;
  const keys = target.probeKeys();
  if (since !== undefined && cutoff - since <= rowsPerStatement) {
    // The usual prune: the hour (or none) that left the retention since the last one.
    if (cutoff > since) {
      const perStatement = Math.max(1, Math.floor(rowsPerStatement / (cutoff - since)));
      for (let i = 0; i < keys.length; i += perStatement) {
        await yieldIfDue();
        if (target.stopping()) return false;
        const batch = keys.slice(i, i + perStatement);
        await deleteMinutes(db, batch, since, cutoff);
        await deleteHours(db, batch, Math.floor(since / 60), Math.floor(cutoff / 60));
        await deleteCarriagesBefore(db, batch, cutoff);
      }
    }
  } else {
    for (const key of keys) {
      await yieldIfDue();
      if (target.stopping()) return false;
      let oldest = await oldestMinute(db, key);
      // Nothing old: its hours went with their minutes, and a carriage starts at a stored minute, so only
      // the carriage in force at the cutoff can be older (and stays).
      if (oldest === undefined || oldest >= cutoff) continue;
      while (oldest !== undefined && oldest < cutoff) {
        const end = Math.min(cutoff, oldest + rowsPerStatement);
        await deleteMinutes(db, [key], oldest, end);
        oldest = end < cutoff ? await oldestMinute(db, key) : undefined;
        await yieldIfDue();
      }
      await deleteHours(db, [key], 0, Math.floor(cutoff / 60));
      await deleteCarriagesBefore(db, [key], cutoff);
    }
  }
  // A pack's name outlives its last minute by a day, so that the carriage in force at the cutoff keeps it.
  // Pack ids grow with time in a plant: the walk goes up from the lowest id and stops at a window of
  // packs none of which is old.
  const packCutoff = cutoff - 1440;
  let afterId = -2_147_483_648;
  for (;;) {
    await yieldIfDue();
    if (target.stopping()) return false;
    const window = await selectPacksAfter(db, afterId, packsPerStatement);
    const old = window.filter((p) => p.last_minute < packCutoff).map((p) => p.id);
    await deletePacks(db, old);
    if (old.length === 0 || window.length < packsPerStatement) break;
    afterId = window.at(-1)!.id;
  }
  target.packsPruned(packCutoff);
  return true;
}
