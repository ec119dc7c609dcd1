// The batch writers and the WAL checkpoint worker keep apart (docs/storage.md (Checkpoints)): a batch
// transaction does not start while a checkpoint is under way (it would sleep in write() behind the
// checkpoint's fsync of the WAL), and the worker does not start a checkpoint while a batch transaction is
// under way; neither waits without bound. SQLite only (the worker is SQLite's).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it, vi } from 'vitest';
import { tempDataDir } from '../testing/temp-storage.js';
import { writeInChunks, type NextRows } from './batch-writer.js';
import { CheckpointGate } from './checkpoint-gate.js';
import { openSqliteFile } from './database.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

const limits = { rowsPerTransaction: 2, rowsPerStatement: 2 };
/** A transaction that takes every statement it is given; records its rows. */
const recording =
  (transactions: number[][]) =>
  async (next: NextRows<number>): Promise<void> => {
    const rows: number[] = [];
    for (let chunk = next(); chunk; chunk = next()) rows.push(...chunk);
    transactions.push(rows);
  };
const turnsOf = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('starts no batch transaction while the checkpoint worker reports a checkpoint under way, and writes once it ends', async () => {
  const gate = new CheckpointGate();
  expect(gate.tryStartCheckpoint()).toBe(true);
  const transactions: number[][] = [];
  const writing = writeInChunks([1, 2, 3], limits, recording(transactions), gate);
  await turnsOf(100);
  expect(transactions).toEqual([]);
  gate.endCheckpoint();
  expect(await writing).toEqual({ written: 3 });
  expect(transactions).toEqual([[1, 2], [3]]);
});

it('writes anyway once a checkpoint has held it for the bound, so that a stuck worker never starves a writer', async () => {
  const gate = new CheckpointGate(undefined, 50);
  expect(gate.tryStartCheckpoint()).toBe(true);
  const transactions: number[][] = [];
  expect(await writeInChunks([1, 2, 3], limits, recording(transactions), gate)).toEqual({ written: 3 });
  expect(transactions).toEqual([[1, 2], [3]]);
});

it('starts no checkpoint while a batch transaction is under way, also when the transaction fails', async () => {
  const gate = new CheckpointGate();
  let duringTransaction: boolean | undefined;
  const result = await writeInChunks(
    [1],
    limits,
    async (next) => {
      next();
      duringTransaction = gate.tryStartCheckpoint();
      throw new Error('disk full');
    },
    gate,
  );
  expect(result.written).toBe(0);
  expect(duringTransaction).toBe(false);
  expect(gate.tryStartCheckpoint()).toBe(true);
});

it('the checkpoint worker leaves the WAL alone while a batch transaction is under way, and checkpoints after it', async () => {
  const dir = tempDataDir('bpm-gate-');
  const copyDir = tempDataDir('bpm-gate-copy-');
  const file = join(dir, 'gate.sqlite');
  const sqlite = openSqliteFile(file);
  sqlite.exec('create table t (v integer)');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const checkpointer = startWalCheckpointer(sqlite, file);
  /** The rows in a copy of the database file alone (no -wal), as a file-level backup would see them. */
  const rowsInFileAlone = () => {
    copyFileSync(file, join(copyDir, 'gate.sqlite'));
    const copy = new SQLite(join(copyDir, 'gate.sqlite'));
    try {
      return (copy.prepare('select count(*) as n from t').get() as { n: number }).n;
    } finally {
      copy.close();
    }
  };
  try {
    sqlite.prepare('insert into t (v) values (1)').run();
    await checkpointer.gate.enter();
    // Three of the worker's rounds (200 ms each), well within its bound (1 s) on waiting for a batch.
    await turnsOf(600);
    expect(rowsInFileAlone()).toBe(0);
    checkpointer.gate.leave();
    await vi.waitFor(() => expect(rowsInFileAlone()).toBe(1), { timeout: 10_000, interval: 100 });
  } finally {
    checkpointer.close();
    sqlite.close();
  }
});
