// The in-place batch check never accepts what probeReportBatchSchema refuses, and what it accepts equals
// the schema's output; valid batches take the fast path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptReportBatch } from './report-batch-fast.js';
import { probeReportBatchSchema } from './reports.js';

const ref = fc.oneof(
  fc.constant(null),
  fc.record({ id: fc.integer({ min: -5, max: 5000 }), name: fc.string({ maxLength: 20 }) }),
);
const validReport = fc.record(
  {
    probeID: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
    firmwareVersion: fc.string({ maxLength: 64 }),
    timestamp: fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }).map((ms) => new Date(ms).toISOString()),
    readings: fc.array(
      fc.record({
        origin: fc.constantFrom('CAN', 'Thermocouple'),
        temperature: fc.double({ min: -100, max: 200, noNaN: true }),
        valid: fc.boolean(),
      }),
      { maxLength: 8 },
    ),
    batteryPercentage: fc.double({ min: 0, max: 100, noNaN: true }),
    batteryCharging: fc.boolean(),
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    assignment: fc.oneof(
      fc.constant(null),
      fc.record({ buildStage: ref, agv: ref, batteryPack: ref, expectingCANData: fc.boolean() }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: ['probeID'] },
);

/** Something a gateway (or an attacker) could send instead of one field. */
const oddValue = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constant('2026-02-30T10:00:00Z'),
  fc.constant('2026-11-23T10:00:00+01:00'),
  fc.constant('P 1'),
  fc.constant('x'.repeat(65)),
  fc.constant('x'.repeat(201)),
  fc.constant(-1),
  fc.constant(101),
  fc.constant(1.5),
  fc.constant(2 ** 60),
  fc.constant(true),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ id: 1, name: 'n', extra: 1 }),
  fc.constant({ origin: 'CAN', temperature: 1, valid: 'yes' }),
);
const paths = [
  ['probeID'],
  ['firmwareVersion'],
  ['timestamp'],
  ['readings'],
  ['readings', 0],
  ['readings', 0, 'origin'],
  ['readings', 0, 'temperature'],
  ['batteryPercentage'],
  ['batteryCharging'],
  ['latitude'],
  ['longitude'],
  ['assignment'],
  ['assignment', 'agv'],
  ['assignment', 'agv', 'id'],
  ['assignment', 'expectingCANData'],
  ['__proto__'],
  ['unknownKey'],
] as const;

function mutate(report: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let target: Record<string | number, unknown> = report;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) return;
    target = next as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  Object.defineProperty(target, last, { value, enumerable: true, writable: true, configurable: true });
}

describe('acceptReportBatch', () => {
  it('takes every valid batch, with the schema output', () => {
    fc.assert(
      fc.property(fc.array(validReport, { minLength: 1, maxLength: 5 }), (batch) => {
        const expected = probeReportBatchSchema.parse(structuredClone(batch));
        expect(acceptReportBatch(structuredClone(batch))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('never accepts what the schema refuses, and what it accepts is the schema output', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(validReport, fc.option(fc.tuple(fc.constantFrom(...paths), oddValue))), { minLength: 0, maxLength: 3 }),
        fc.boolean(),
        (items, single) => {
          const batch = items.map(([report, change]) => {
            const copy = structuredClone(report) as Record<string, unknown>;
            if (change) mutate(copy, change[0], structuredClone(change[1]));
            return copy;
          });
          const input = JSON.parse(JSON.stringify(single && batch.length === 1 ? batch[0] : batch)) as unknown;
          const schema = probeReportBatchSchema.safeParse(structuredClone(input));
          const fast = acceptReportBatch(input);
          if (fast !== undefined) {
            expect(schema.success).toBe(true);
            expect(fast).toEqual(schema.data);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('leaves a body with a __proto__ key to the schema', () => {
    expect(acceptReportBatch(JSON.parse('{"probeID":"P-1","__proto__":{"x":1}}'))).toBeUndefined();
  });
});
