// AscendingIdMap (docs/decisions/security.md#alarm-maps-in-blocks): it answers as a Map would, whatever the ids,
// and keeps increasing ids in increasing order across its blocks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AscendingIdMap } from './ascending-id-map.js';

type Operation = { kind: 'set'; id: number; value: string } | { kind: 'delete'; id: number } | { kind: 'clear' };

// Ids near one another (several in a block) and far apart (a block each), as alarm ids are after months.
const id = fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 2 ** 40 }));
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), id, value: fc.string({ maxLength: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), id }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

describe('AscendingIdMap', () => {
  it('holds what a Map holds after any sequence of sets, deletes and clears', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const map = new Map<number, string>();
        const blocks = new AscendingIdMap<string>();
        for (const op of operations) {
          if (op.kind === 'set') {
            map.set(op.id, op.value);
            blocks.set(op.id, op.value);
          } else if (op.kind === 'delete') {
            expect(blocks.delete(op.id)).toBe(map.delete(op.id));
          } else {
            map.clear();
            blocks.clear();
          }
          expect(blocks.size).toBe(map.size);
        }
        const byId = (a: [number, string], b: [number, string]) => a[0] - b[0];
        const values = blocks.values();
        const entries = blocks.keys().map((k, i): [number, string] => [k, values[i]!]);
        expect(entries.sort(byId)).toEqual([...map].sort(byId));
        for (const op of operations) {
          if (op.kind === 'clear') continue;
          expect(blocks.has(op.id)).toBe(map.has(op.id));
          expect(blocks.get(op.id)).toBe(map.get(op.id));
        }
      }),
    );
  });

  it('gives increasing ids back in increasing order, a value set again keeping its place', () => {
    const blocks = new AscendingIdMap<string>();
    const ids = [3, 4090, 4100, 9000, 9001, 70_000, 1_000_000];
    for (const i of ids) blocks.set(i, `first ${i}`);
    blocks.set(4100, 'again');
    blocks.delete(9000);
    expect(blocks.keys()).toEqual([3, 4090, 4100, 9001, 70_000, 1_000_000]);
    expect(blocks.values()).toEqual(['first 3', 'first 4090', 'again', 'first 9001', 'first 70000', 'first 1000000']);
  });

  it('copies 200,000 values that each sit in a block of their own', () => {
    const blocks = new AscendingIdMap<number>();
    for (let i = 0; i < 200_000; i++) blocks.set(i * 5000, i);
    const values = blocks.values();
    expect(values).toHaveLength(200_000);
    expect(values[199_999]).toBe(199_999);
  });
});
