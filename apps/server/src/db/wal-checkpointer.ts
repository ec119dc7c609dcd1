// WAL checkpoints on a worker thread (docs/storage.md (Checkpoints)). SQLite's automatic checkpoint runs in
// the COMMIT that crosses 1,000 WAL pages, on the main thread: at 100,000 probes the batch writers' commits
// that checkpointed held the event loop for 20–106 ms each (docs/decisions/security.md#wal-checkpoints-on-a-worker).
// The main connection turns it off; a second connection on a worker thread runs a PASSIVE checkpoint every
// intervalMs (PASSIVE never waits for or blocks readers and writers: it copies what no reader still needs).
// It fsyncs the WAL, so it and the batch writers' transactions keep apart through a CheckpointGate.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { batchWord, CheckpointGate, checkpointWord } from './checkpoint-gate.js';

/** The worker thread's name (Linux keeps 15 characters). */
export const checkpointThreadName = 'wal-checkpoint';
/** Often enough that the WAL stays a few MB even while the snapshot writes 100,000 rows. */
const checkpointIntervalMs = 200;
/** SQLite's own default, restored on the main connection if the worker ever stops on its own. */
const defaultAutocheckpointPages = 1000;
/** How long closing waits for a checkpoint under way to end before closing anyway. */
const closeWaitMs = 5000;
/** How long a checkpoint waits for the batch writers' transactions (each a few ms) before running anyway. */
const maxBatchWaitMs = 1000;
/** One wait for a batch transaction to end, before looking again (the main thread does not notify). */
const batchWaitSliceMs = 5;

// CommonJS, evaluated in the worker: the module is loaded by path so that it works from src/ and dist/ alike.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driverPath);
const db = new SQLite(workerData.file);
const done = new Int32Array(workerData.done);
// CheckpointGate's worker side (checkpoint-gate.ts): raise our word, then back off while a batch writes.
const gate = new Int32Array(workerData.gate);
const checkpoint = () => {
  const start = Date.now();
  for (;;) {
    Atomics.store(gate, workerData.checkpointWord, 1);
    const batches = Atomics.load(gate, workerData.batchWord);
    if (batches === 0 || Date.now() - start >= workerData.maxBatchWaitMs) break;
    Atomics.store(gate, workerData.checkpointWord, 0);
    Atomics.wait(gate, workerData.batchWord, batches, workerData.batchWaitSliceMs);
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or a transient I/O error: the next interval tries again.
  } finally {
    Atomics.store(gate, workerData.checkpointWord, 0);
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try {
    db.close();
  } finally {
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
    parentPort.close();
  }
});
`;

export interface WalCheckpointer {
  /** Stops the worker and closes its connection (synchronously: the caller closes the last connection next). */
  close(): void;
  /** What the batch writers wait on while a checkpoint is under way (docs/storage.md (Checkpoints)). */
  readonly gate: CheckpointGate;
}

/** Starts checkpointing `file` (already in WAL mode) off the main thread; `sqlite` stops checkpointing itself. */
export function startWalCheckpointer(sqlite: SQLite.Database, file: string): WalCheckpointer {
  const done = new SharedArrayBuffer(4);
  const gate = new CheckpointGate();
  const worker = new Worker(workerSource, {
    eval: true,
    // The thread's name in `top -H` and /proc (bench/alarms.bench.ts counts its CPU by it).
    name: checkpointThreadName,
    workerData: {
      driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      done,
      intervalMs: checkpointIntervalMs,
      gate: gate.buffer,
      checkpointWord,
      batchWord,
      maxBatchWaitMs,
      batchWaitSliceMs,
    },
  });
  let closing = false;
  let running = true;
  const fallBack = () => {
    running = false;
    gate.endCheckpoint();
    // The worker is gone (it could not open the file, or crashed): the main connection checkpoints again,
    // so the WAL never grows without bound.
    if (!closing && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${defaultAutocheckpointPages}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  return {
    gate,
    close() {
      if (closing) return;
      closing = true;
      if (!running) return;
      worker.postMessage('close');
      // Waits for a checkpoint under way, so that the main connection closes last (SQLite then checkpoints
      // everything and removes the WAL, as before).
      Atomics.wait(new Int32Array(done), 0, 0, closeWaitMs);
    },
  };
}
