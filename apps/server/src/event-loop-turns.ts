// Whole-plant work gives the event loop back between slices (docs/security.md "Probe data bounds"). Every
// setImmediate queued before a loop iteration's check phase runs in that same phase, with no timer or socket
// served between them: a hub slice, a re-evaluation chunk and two batch writers' chunks, each short, added up
// to one block of 300 ms at 100,000 probes (measured). Slices that wait here resume one per iteration of the
// event loop instead, in the order they asked, so the longest block is one slice rather than their sum.

interface Waiter {
  run: (() => void) | null;
}

const waiting: Waiter[] = [];
let scheduled = false;

function resumeOne(): void {
  scheduled = false;
  let waiter = waiting.shift();
  while (waiter && waiter.run === null) waiter = waiting.shift();
  if (waiting.length > 0) schedule();
  waiter?.run?.();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(resumeOne);
}

/** Runs `run` in a later iteration of the event loop, one such callback per iteration; answers a cancel. */
export function inLaterTurn(run: () => void): () => void {
  const waiter: Waiter = { run };
  waiting.push(waiter);
  schedule();
  return () => {
    waiter.run = null;
  };
}

/** Resolves in a later iteration of the event loop, one waiter per iteration. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => inLaterTurn(resolve));
}

/** How long one slice of whole-plant work may hold the loop before giving it back (docs/security.md "Probe data bounds"). */
export const turnBudgetMs = 10;

/**
 * Says when a slice has had its time: `spent()` is called after each item and reads the clock every 8th
 * (reading it per item cost more than a small item's work). Every 64th let a hub flush run 18–30 ms past its
 * budget while a collection's marking was under way: an item then cost 90–280 µs instead of ~10 µs
 * (docs/decisions/security.md#whole-plant-work-in-slices). One budget per slice.
 */
export class TurnBudget {
  private readonly started = performance.now();
  private items = 0;

  constructor(private readonly budgetMs = turnBudgetMs) {}

  spent(): boolean {
    this.items += 1;
    return this.items % 8 === 0 && this.elapsed();
  }

  /** Reads the clock now (for steps of a few ms each, such as a statement of rows, where every 64th would overrun). */
  elapsed(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }
}
