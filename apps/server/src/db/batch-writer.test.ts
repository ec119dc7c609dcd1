// The shared batch writer (docs/storage.md (Batched writes)): bounded chunks in order, each in its own
// turn of the event loop, a failure stops the write and says how much was written, flushes never overlap.
import { describe, expect, it } from 'vitest';
import { BatchWriter, writeInChunks } from './batch-writer.js';

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
    const result = await writeInChunks(items, 250, async (chunk) => {
      chunks.push(chunk);
      expect(turns).toBe(chunks.length); // a turn passed before this chunk, and only one
    });
    counting = false;
    expect(result).toEqual({ written: 1001 });
    expect(chunks.map((c) => c.length)).toEqual([250, 250, 250, 250, 1]);
    expect(chunks.flat()).toEqual(items);
  });

  it('stops at a failing chunk and reports what was written before it', async () => {
    const failure = new Error('disk full');
    let calls = 0;
    const result = await writeInChunks([1, 2, 3, 4, 5], 2, async () => {
      calls += 1;
      if (calls === 2) throw failure;
    });
    expect(result).toEqual({ written: 2, error: failure });
    expect(calls).toBe(2);
  });

  it('writes nothing, and waits no turn, for nothing', async () => {
    expect(await writeInChunks([], 10, () => Promise.reject(new Error('not called')))).toEqual({ written: 0 });
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
