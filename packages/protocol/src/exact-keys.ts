// The fast report check's unknown-key rule (report-batch-fast.ts): does a plain object have only own keys
// from a given set? Asked of ~7 objects per report at full ingest, where the set lookup per key and the own
// check per key were ~1.6-2.2 % of the server's CPU (docs/decisions/probes.md#unknown-keys-checked-once-per-shape).

/** Does any object inherit enumerable keys from Object.prototype (the only prototype a plain object has)? */
export function prototypeHasEnumerableKeys(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/**
 * One set of allowed keys, remembering the key names of the last object that passed, in their order.
 * JSON.parse gives the objects of a batch the same keys in the same order, as the same (internalised)
 * strings: a key equal to the remembered one at its place was found in the set before and is not looked up
 * again. The memory holds at most one name per key of the set (for…in never repeats a key).
 */
export class ExactKeys {
  private readonly seen: string[] = [];
  private readonly keys: ReadonlySet<string>;

  constructor(keys: Iterable<string>) {
    this.keys = new Set(keys);
  }

  /**
   * Only own keys of the set, and Object.prototype as prototype? `inherited`: prototypeHasEnumerableKeys()
   * (asked once per batch): only then can for…in meet a key that is not the object's own.
   */
  holds(value: object, inherited: boolean): boolean {
    const seen = this.seen;
    let index = 0;
    for (const key in value) {
      if (seen[index] !== key) {
        if (!this.keys.has(key)) return false;
        seen[index] = key;
      }
      if (inherited && !Object.prototype.hasOwnProperty.call(value, key)) return false;
      index += 1;
    }
    return Object.getPrototypeOf(value) === Object.prototype;
  }
}
