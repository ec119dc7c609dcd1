// The one way rows are written off the request path (docs/storage.md (Batched writes)): callers keep
// what is pending in memory, and a timer (or a caller awaiting a flush) writes it in transactions of a
// bounded number of rows with a turn of the event loop before each. better-sqlite3 is synchronous, so
// one 100,000-row transaction would hold every socket for seconds; a few hundred rows take a few ms.
// Flushes never overlap: a later flush cannot be overtaken by an earlier one, and a caller that awaits
// flush() sees every change made before it called.

import { nextTurn } from '../event-loop-turns.js';

export interface ChunkedWrite {
  /** Items written (whole chunks, in order) before the write stopped. */
  written: number;
  /** Why it stopped early; the rest is not written. */
  error?: unknown;
}

/**
 * Writes `items` in chunks of at most `rowsPerChunk`, each with `write` (one transaction) in its own turn of
 * the event loop. A failing chunk stops the write: what came before it is written, it and the rest are not.
 */
export async function writeInChunks<T>(
  items: readonly T[],
  rowsPerChunk: number,
  write: (chunk: T[]) => Promise<unknown>,
): Promise<ChunkedWrite> {
  let written = 0;
  while (written < items.length) {
    await nextTurn();
    const chunk = items.slice(written, written + rowsPerChunk);
    try {
      await write(chunk);
    } catch (error) {
      return { written, error };
    }
    written += chunk.length;
  }
  return { written };
}

/** Runs `writePending` every intervalMs (once started) and on flush(), one run at a time. */
export class BatchWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly writePending: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Writes what is pending, after any write already under way. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
