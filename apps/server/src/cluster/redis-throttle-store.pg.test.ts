// The Redis throttle store keeps the in-memory store's rules (docs/security.md "Sign-in throttling"), on a
// throwaway Redis; in the PostgreSQL project only, whose setup provides Debian's servers.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryThrottleStore, type ThrottleStore } from '../modules/auth/throttle-store.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../testing/throwaway-redis.js';
import { RedisThrottleStore } from './redis-throttle-store.js';

let server: ThrowawayRedis;
let redis: Redis;

beforeAll(async () => {
  server = await startThrowawayRedis();
  redis = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
  server?.stop();
});

const limit = { max: 3, windowMs: 60_000 };
// Redis expires counters at these times, so they are near the real clock.
const now = Date.now();

describe.each([
  ['Redis', () => new RedisThrottleStore(redis) as ThrottleStore],
  ['memory (the reference)', () => new MemoryThrottleStore() as ThrottleStore],
])('the %s throttle store', (_name, makeStore) => {
  it('counts attempts up to the limit, then says how long to wait until the window ends', async () => {
    const store = makeStore();
    const key = `a:${Math.random()}`;
    expect(await store.reserve(key, limit, now)).toEqual({ ok: true, count: 1 });
    expect(await store.reserve(key, limit, now + 1)).toEqual({ ok: true, count: 2 });
    expect(await store.reserve(key, limit, now + 2)).toEqual({ ok: true, count: 3 });
    expect(await store.reserve(key, limit, now + 10_000)).toEqual({ ok: false, retryAfterMs: 50_000 });
    // A new window starts once the old one has passed.
    expect(await store.reserve(key, limit, now + 60_000)).toEqual({ ok: true, count: 1 });
  });

  it('gives an attempt back, forgets a key, and holds a not-before time', async () => {
    const store = makeStore();
    const key = `u:${Math.random()}`;
    await store.reserve(key, limit, now);
    await store.reserve(key, limit, now);
    await store.release(key);
    expect(await store.reserve(key, limit, now)).toEqual({ ok: true, count: 2 });
    await store.record(key, now + 4000);
    expect(await store.reserve(key, limit, now + 1000)).toEqual({ ok: false, retryAfterMs: 3000 });
    expect(await store.reserve(key, limit, now + 4000)).toEqual({ ok: true, count: 3 });
    await store.forget(key);
    expect(await store.reserve(key, limit, now + 4000)).toEqual({ ok: true, count: 1 });
  });

  it('never lets parallel attempts overrun the limit', async () => {
    const store = makeStore();
    const key = `a:${Math.random()}`;
    const answers = await Promise.all(Array.from({ length: 130 }, () => store.reserve(key, { max: 100, windowMs: 60_000 }, now)));
    expect(answers.filter((a) => a.ok)).toHaveLength(100);
  });
});
