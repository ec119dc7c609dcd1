// The one way rows are written off the request path (docs/storage.md (Batched writes)): callers keep
// what is pending in memory, and a timer (or a caller awaiting a flush) writes it in transactions bounded
// by rows and by the turn's time budget, with a turn of the event loop before each. better-sqlite3 is
// synchronous, so one 100,000-row transaction would hold every socket for seconds.
// Flushes never overlap: a later flush cannot be overtaken by an earlier one, and a caller that awaits
// flush() sees every change made before it called.

import { nextTurn, TurnBudget, turnBudgetMs } from '../event-loop-turns.js';
import type { BatchGate } from './checkpoint-gate.js';

export interface ChunkedWrite {
  /** Items written (whole transactions, in order) before the write stopped. */
  written: number;
  /** Why it stopped early; the rest is not written. */
  error?: unknown;
}

/** How much one transaction of a chunked write may take. */
export interface ChunkLimits {
  /** At most this many rows per transaction (what one failure leaves pending). */
  rowsPerTransaction: number;
  /** Rows per statement: the turn's budget is checked between statements, so one statement is the overrun. */
  rowsPerStatement: number;
  /** The turn's budget (turnBudgetMs unless given): once spent, the transaction takes no further statement. */
  budgetMs?: number;
}

/**
 * What a transaction is handed: each call gives the next statement's rows, in order, or undefined once the
 * transaction has its rows (the row cap, the turn's budget or the last item). The first call always gives rows.
 */
export type NextRows<T> = () => T[] | undefined;

/** Writes each statement's rows `next` gives, in order, until it gives none: the body of a simple writer's transaction. */
export async function forEachStatement<T>(next: NextRows<T>, write: (rows: T[]) => Promise<unknown>): Promise<void> {
  for (let rows = next(); rows; rows = next()) await write(rows);
}

/**
 * Writes `items` in transactions, each with `write` in its own turn of the event loop. A transaction takes
 * statements of rows from `next` until it has rowsPerTransaction rows or the turn's budget is spent, like every
 * other whole-plant slice: a 250-row transaction is 3–8 ms of CPU, but with a collection or a busy core in its
 * turn a row count alone let it run on for 20–80 ms (docs/decisions/security.md#batch-writer-statements).
 * `write` must take rows until `next` gives none; a transaction counts as written only once `write` resolves.
 * A failing transaction stops the write: what came before it is written, it and the rest are not.
 * With a `gate` (SQLite's, batchGateOf), a transaction does not start while the checkpoint worker fsyncs the WAL
 * (a write() then sleeps until the fsync ends, docs/storage.md (Checkpoints)); it waits, bounded, for it to end.
 */
export async function writeInChunks<T>(
  items: readonly T[],
  limits: ChunkLimits,
  write: (next: NextRows<T>) => Promise<unknown>,
  gate?: BatchGate,
): Promise<ChunkedWrite> {
  let written = 0;
  while (written < items.length) {
    // Entered first: the checkpoint worker then holds off for the turn's wait (its rule, checkpoint-gate.ts).
    await gate?.enter();
    await nextTurn();
    const budget = new TurnBudget(limits.budgetMs ?? turnBudgetMs);
    const end = Math.min(items.length, written + limits.rowsPerTransaction);
    let taken = written;
    const next: NextRows<T> = () => {
      if (taken === end || (taken > written && budget.elapsed())) return undefined;
      const rows = items.slice(taken, Math.min(end, taken + limits.rowsPerStatement));
      taken += rows.length;
      return rows;
    };
    try {
      await write(next);
    } catch (error) {
      return { written, error };
    } finally {
      gate?.leave();
    }
    if (taken === written) return { written, error: new Error('writeInChunks: a transaction took no rows') };
    written = taken;
  }
  return { written };
}

/**
 * Why a write runs: `round`, the timer's once-every-intervalMs; `flush`, a caller that must then read every change
 * (a writer may leave some changes for a later round, never for a later flush).
 */
export type WriteCause = 'round' | 'flush';

/** Runs `writePending` every intervalMs (once started) and on flush(), one run at a time. */
export class BatchWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly writePending: (cause: WriteCause) => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.round(), this.intervalMs);
    this.timer.unref();
  }

  /** What the timer runs: the round's write, after any write already under way. */
  round(): Promise<void> {
    return this.enqueue('round');
  }

  /** Writes everything pending, after any write already under way. */
  flush(): Promise<void> {
    return this.enqueue('flush');
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private enqueue(cause: WriteCause): Promise<void> {
    this.writing = this.writing.then(() => this.writePending(cause));
    return this.writing;
  }
}
