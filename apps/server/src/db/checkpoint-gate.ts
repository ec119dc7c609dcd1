// Keeps the batch writers' transactions and the WAL checkpoint worker apart (docs/storage.md (Checkpoints)).
// With synchronous = NORMAL a commit only write()s to the WAL, but the checkpoint fsyncs that same file: a
// main-thread write() that lands during the fsync sleeps until it ends (54–259 ms seen at 100,000 probes,
// docs/decisions/security.md#checkpoint-gate). Batch writes are off the request path and can wait; the
// worker's checkpoint can wait too. Each side raises its own word in a SharedArrayBuffer, then reads the other
// side's (sequentially consistent Atomics: at least one of the two sees the other), and backs off if it is up.
// Both waits are bounded: neither side is ever starved. Request-path writes do not use the gate.

/** Index of the word the checkpoint worker raises around a checkpoint (its source in wal-checkpointer.ts). */
export const checkpointWord = 0;
/** Index of the count of batch writers' transactions under way on the main thread (several writers may interleave). */
export const batchWord = 1;

/** How long a batch transaction waits for a checkpoint under way before it writes anyway. */
const defaultMaxWaitMs = 1000;
/** How often a waiting batch transaction looks again (a checkpoint takes ~5–120 ms). */
const pollMs = 5;

/** What writeInChunks asks before and after each transaction (docs/storage.md (Batched writes)). */
export interface BatchGate {
  /** Resolves once no checkpoint is under way (or after the bound), with the batch marked as writing. */
  enter(): Promise<void>;
  /** The transaction is over: a checkpoint may start. */
  leave(): void;
}

export class CheckpointGate implements BatchGate {
  private readonly words: Int32Array;

  constructor(
    /** Shared with the checkpoint worker: two Int32 words, checkpointWord and batchWord. */
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT),
    private readonly maxWaitMs = defaultMaxWaitMs,
  ) {
    this.words = new Int32Array(buffer);
  }

  async enter(): Promise<void> {
    const start = Date.now();
    for (;;) {
      Atomics.add(this.words, batchWord, 1);
      if (Atomics.load(this.words, checkpointWord) === 0 || Date.now() - start >= this.maxWaitMs) return;
      Atomics.sub(this.words, batchWord, 1);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  leave(): void {
    // No Atomics.notify: it takes V8's process-wide futex lock, which a preempted worker inside Atomics.wait may
    // hold; the worker looks again every few ms instead (wal-checkpointer.ts).
    Atomics.sub(this.words, batchWord, 1);
  }

  /** The worker's side (run there from wal-checkpointer.ts's source; here for tests): false while a batch writes. */
  tryStartCheckpoint(): boolean {
    Atomics.store(this.words, checkpointWord, 1);
    if (Atomics.load(this.words, batchWord) === 0) return true;
    Atomics.store(this.words, checkpointWord, 0);
    return false;
  }

  /** The checkpoint is over, or the worker is gone (it must never leave the batch writers waiting). */
  endCheckpoint(): void {
    Atomics.store(this.words, checkpointWord, 0);
  }
}
