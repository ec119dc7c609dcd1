// The shared batch writer (docs/storage.md (Batched writes)): bounded transactions in order, each in its own
// turn of the event loop and ending on the turn's budget as well as on rows, a failure stops the write and
// says how much was written, flushes never overlap.
import { describe, expect, it } from 'vitest';
import { BatchWriter, writeInChunks, type NextRows } from './batch-writer.js';

/** A transaction that takes every statement it is given; records each transaction's statements. */
const takingAll =
  (transactions: number[][][]) =>
  async <T>(next: NextRows<T>): Promise<void> => {
    const statements: T[][] = [];
    for (let rows = next(); rows; rows = next()) statements.push(rows);
    transactions.push(statements as number[][]);
  };
const unbounded = { budgetMs: Number.POSITIVE_INFINITY };

describe('writeInChunks', () => {
  it('writes every item in order, in chunks of at most the bound, one per turn of the event loop', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => i);
    const chunks: number[][] = [];
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const result = await writeInChunks(items, { rowsPerTransaction: 250, rowsPerStatement: 250, ...unbounded }, async (next) => {
      for (let chunk = next(); chunk; chunk = next()) chunks.push(chunk);
      expect(turns).toBe(chunks.length); // a turn passed before this chunk, and only one
    });
    counting = false;
    expect(result).toEqual({ written: 1001 });
    expect(chunks.map((c) => c.length)).toEqual([250, 250, 250, 250, 1]);
    expect(chunks.flat()).toEqual(items);
  });

  it('fills a transaction statement by statement up to its row cap while the budget lasts', async () => {
    const transactions: number[][][] = [];
    const items = Array.from({ length: 600 }, (_, i) => i);
    const result = await writeInChunks(
      items,
      { rowsPerTransaction: 250, rowsPerStatement: 100, ...unbounded },
      takingAll(transactions),
    );
    expect(result).toEqual({ written: 600 });
    expect(transactions.map((t) => t.map((s) => s.length))).toEqual([[100, 100, 50], [100, 100, 50], [100]]);
    expect(transactions.flat(2)).toEqual(items);
  });

  it('ends a transaction after one statement once the turn budget is spent, and still writes every row in order', async () => {
    const transactions: number[][][] = [];
    const items = Array.from({ length: 600 }, (_, i) => i);
    const result = await writeInChunks(
      items,
      { rowsPerTransaction: 250, rowsPerStatement: 100, budgetMs: 0 },
      takingAll(transactions),
    );
    expect(result).toEqual({ written: 600 });
    expect(transactions.map((t) => t.map((s) => s.length))).toEqual([[100], [100], [100], [100], [100], [100]]);
    expect(transactions.flat(2)).toEqual(items);
  });

  it('stops at a failing transaction and reports what was written before it (none of the failed one)', async () => {
    const failure = new Error('disk full');
    let calls = 0;
    const result = await writeInChunks(
      [1, 2, 3, 4, 5],
      { rowsPerTransaction: 2, rowsPerStatement: 1, ...unbounded },
      async (next) => {
        calls += 1;
        while (next()) if (calls === 2) throw failure;
      },
    );
    expect(result).toEqual({ written: 2, error: failure });
    expect(calls).toBe(2);
  });

  it('writes nothing, and waits no turn, for nothing', async () => {
    expect(
      await writeInChunks([], { rowsPerTransaction: 10, rowsPerStatement: 10 }, () => Promise.reject(new Error('not called'))),
    ).toEqual({ written: 0 });
  });
});

describe('BatchWriter', () => {
  it('runs one write at a time, in the order flushes were asked for', async () => {
    const log: string[] = [];
    let n = 0;
    const writer = new BatchWriter(async () => {
      const id = ++n;
      log.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${id}`);
    }, 60_000);
    await Promise.all([writer.flush(), writer.flush(), writer.stop()]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
