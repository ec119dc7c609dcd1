// Where sign-in throttling keeps its counters (docs/security.md "Sign-in throttling"). One small interface so
// that several instances can later share the counters in Redis; this process keeps them in memory.

/** What a counter allows in one window: `max` attempts, the window starting at the first one. */
export interface CounterLimit {
  max: number;
  windowMs: number;
}

export type Reservation = { ok: true; count: number } | { ok: false; retryAfterMs: number };

export interface ThrottleStore {
  /**
   * Counts one attempt against `key` before its password is checked, unless the key is before its
   * not-before time or already holds `limit.max` attempts in its window. Answers the count including this
   * attempt, or how long the caller must wait.
   */
  reserve(key: string, limit: CounterLimit, now: number): Promise<Reservation>;
  /** Gives one reserved attempt back: it succeeded, or its password was never checked. */
  release(key: string): Promise<void>;
  /** Records that `key` accepts no attempt before `notBefore` (a username's growing delay). */
  record(key: string, notBefore: number): Promise<void>;
  /** Forgets `key` entirely (a username signed in successfully). */
  forget(key: string): Promise<void>;
}

interface Counter {
  count: number;
  windowStartedAt: number;
  windowMs: number;
  notBefore: number;
}

/** Each kind of key ("a:" address, "u:" username, "d:" device, "r:" an address's free busy answer) is bounded on its
 * own, so a flood of made-up usernames cannot evict the counter of the address sending them. */
const maxTrackedPerKind = 10_000;

export class MemoryThrottleStore implements ThrottleStore {
  private readonly kinds = new Map<string, Map<string, Counter>>();

  private counters(key: string): Map<string, Counter> {
    const kind = key.slice(0, key.indexOf(':') + 1);
    let map = this.kinds.get(kind);
    if (!map) {
      map = new Map();
      this.kinds.set(kind, map);
    }
    return map;
  }

  reserve(key: string, limit: CounterLimit, now: number): Promise<Reservation> {
    const map = this.counters(key);
    let counter = map.get(key);
    if (counter && counter.windowStartedAt + counter.windowMs <= now && counter.notBefore <= now) counter = undefined;
    if (!counter) counter = { count: 0, windowStartedAt: now, windowMs: limit.windowMs, notBefore: 0 };
    // Most recently used last: the oldest counter is the one evicted when a kind is full.
    map.delete(key);
    map.set(key, counter);
    if (map.size > maxTrackedPerKind) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    if (now < counter.notBefore) return Promise.resolve({ ok: false, retryAfterMs: counter.notBefore - now });
    if (counter.count >= limit.max) {
      return Promise.resolve({ ok: false, retryAfterMs: counter.windowStartedAt + counter.windowMs - now });
    }
    counter.count += 1;
    return Promise.resolve({ ok: true, count: counter.count });
  }

  release(key: string): Promise<void> {
    const counter = this.counters(key).get(key);
    if (counter) counter.count = Math.max(0, counter.count - 1);
    return Promise.resolve();
  }

  record(key: string, notBefore: number): Promise<void> {
    const counter = this.counters(key).get(key);
    if (counter) counter.notBefore = Math.max(counter.notBefore, notBefore);
    return Promise.resolve();
  }

  forget(key: string): Promise<void> {
    this.counters(key).delete(key);
    return Promise.resolve();
  }
}
