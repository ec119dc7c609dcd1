// Retention (BPM_HISTORY_MAX_AGE_DAYS, docs/history.md): a periodic prune that deletes old minutes,
// carriages and packs in small statements (at most one day of one probe each) and yields to the event
// loop whenever a turn has used its budget, so that it never holds the loop for more than ~20 ms.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteCarriagesBefore, deleteHours, deleteMinutes, deleteOldPacks, oldestMinute } from './history.queries.js';

const minutesPerStatement = 1440;
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
 * keeps or loses whole hours); `budgetMs` is the most work per event-loop turn.
 */
export async function pruneHistory(target: PruneTarget, cutoff: number, budgetMs = 8): Promise<void> {
  let turnStart = performance.now();
  const yieldIfDue = async () => {
    if (performance.now() - turnStart < budgetMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    turnStart = performance.now();
  };
  for (const key of target.probeKeys()) {
    await yieldIfDue();
    if (target.stopping()) return;
    let oldest = await oldestMinute(target.db, key);
    while (oldest !== undefined && oldest < cutoff) {
      const end = Math.min(cutoff, oldest + minutesPerStatement);
      await deleteMinutes(target.db, key, oldest, end);
      oldest = end < cutoff ? await oldestMinute(target.db, key) : undefined;
      await yieldIfDue();
    }
    await deleteHours(target.db, key, Math.floor(cutoff / 60));
    await deleteCarriagesBefore(target.db, key, cutoff);
  }
  // A pack's name outlives its last minute by a day, so that the carriage in force at the cutoff keeps it.
  const packCutoff = cutoff - 1440;
  while ((await deleteOldPacks(target.db, packCutoff, packsPerStatement)) === packsPerStatement) await yieldIfDue();
  target.packsPruned(packCutoff);
}
