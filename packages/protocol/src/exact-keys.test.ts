// ExactKeys (the fast report check's unknown-key rule) answers as the plain check it replaced, a set lookup and
// an own check for every key, whatever objects came before (it remembers the last keys that passed) and also
// when Object.prototype has an enumerable key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactKeys, prototypeHasEnumerableKeys } from './exact-keys.js';

const allowed = ['probeID', 'timestamp', 'readings', 'assignment'];
/** The check as it was: every key looked up in the set and checked to be the object's own. */
function plainCheck(value: object, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key) || !Object.prototype.hasOwnProperty.call(value, key)) return false;
  return Object.getPrototypeOf(value) === Object.prototype;
}

const keyName = fc.oneof(
  fc.constantFrom(...allowed),
  fc.constantFrom('x', 'id', '0', '__proto__', 'toString'),
  fc.string({ maxLength: 3 }),
);
/** An object as JSON.parse makes it (keys in any order, duplicates collapsed), or one with another prototype. */
const candidate = fc
  .tuple(fc.uniqueArray(keyName, { maxLength: 6 }), fc.constantFrom('json', 'null-prototype', 'inherits'))
  .map(([keys, kind]) => {
    const json = JSON.parse(`{${keys.map((k, i) => `${JSON.stringify(k)}:${i}`).join(',')}}`) as object;
    if (kind === 'json') return json;
    const other = Object.create(kind === 'inherits' ? { probeID: 'inherited' } : null) as object;
    return Object.assign(other, json);
  });

describe('ExactKeys', () => {
  it('answers every object of a sequence as the plain per-key check does', () => {
    fc.assert(
      fc.property(
        fc.array(candidate, { maxLength: 12 }),
        fc.option(fc.constantFrom(...allowed, 'extra')),
        (objects, polluting) => {
          const exact = new ExactKeys(allowed);
          const set = new Set(allowed);
          if (polluting !== null)
            Object.defineProperty(Object.prototype, polluting, {
              value: 1,
              enumerable: true,
              configurable: true,
              writable: true,
            });
          try {
            const inherited = prototypeHasEnumerableKeys();
            const answers = objects.map((o) => exact.holds(o, inherited));
            expect(answers).toEqual(objects.map((o) => plainCheck(o, set)));
          } finally {
            if (polluting !== null) delete (Object.prototype as Record<string, unknown>)[polluting];
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('knows when Object.prototype has an enumerable key', () => {
    expect(prototypeHasEnumerableKeys()).toBe(false);
    Object.defineProperty(Object.prototype, 'polluted', { value: 1, enumerable: true, configurable: true, writable: true });
    try {
      expect(prototypeHasEnumerableKeys()).toBe(true);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });
});
