// Whole-plant work in slices (docs/security.md "Probe data bounds"): how much one turn of the event loop
// serialises before the rest waits for a later turn.
import { turnBudgetMs, type TurnBudget } from '../../event-loop-turns.js';

/**
 * At most this many probes (or alarms) are serialised into one message; more changed ones go out in further
 * slices, each in its own turn of the event loop, so that a whole-plant change (a threshold edit at 100,000
 * probes) never holds the loop for long (docs/security.md "Probe data bounds").
 */
export const maxProbesPerSlice = 1000;
/**
 * A slice of probes also ends once serialising it has run this long (TurnBudget), like the re-evaluation's
 * chunks: 1,000 probes take ~10 ms, but 115–370 ms on a loaded machine (measured: the serialisation, not the
 * socket write; docs/security.md "Probe data bounds").
 */
export const sliceBudgetMs = turnBudgetMs;

/**
 * The compact snapshot's encoding in the connecting socket's turn, at most: ~25 ms for 10,000 probes, under the 50 ms a
 * turn may hold the loop (docs/decisions/security.md#compact-snapshot-in-slices); the rest goes sliceBudgetMs a turn.
 */
export const connectBudgetMs = 40;

/** The first `count` items of a set (insertion order), or the set itself when it is not larger. */
export function firstOf(items: Set<string>, count: number): Set<string> {
  if (items.size <= count) return items;
  const slice = new Set<string>();
  for (const item of items) {
    if (slice.size === count) break;
    slice.add(item);
  }
  return slice;
}

/**
 * The first items of a set (insertion order), each passed to `prepare`, up to maxProbesPerSlice or until
 * the budget is spent; the set itself when that is all of it.
 */
export function sliceOf(items: Set<string>, budget: TurnBudget, prepare: (item: string) => void): Set<string> {
  const slice = new Set<string>();
  for (const item of items) {
    if (slice.size === maxProbesPerSlice) break;
    prepare(item);
    slice.add(item);
    if (budget.spent()) break;
  }
  return slice.size === items.size ? items : slice;
}
