// Sign-in throttling counters in Redis (docs/security.md "Sign-in throttling", docs/deployment.md (Cluster
// mode)): the same rules as MemoryThrottleStore, shared by every instance. Each operation is one Lua script,
// so parallel attempts on different instances cannot overrun a limit; each counter expires in Redis when
// its window and its not-before time have both passed. Times are the callers' clocks (keep them in sync).
import type { Redis } from 'ioredis';
import type { CounterLimit, Reservation, ThrottleStore } from '../modules/auth/throttle-store.js';

const prefix = 'bpm:throttle:';

// KEYS[1] counter; ARGV now, max, windowMs. Fields: count, start (window start), win (window length), nb (not before).
const reserveScript = `
local now = tonumber(ARGV[1])
local c = redis.call('HMGET', KEYS[1], 'count', 'start', 'win', 'nb')
local count, start, win, nb = tonumber(c[1]), tonumber(c[2]), tonumber(c[3]), tonumber(c[4]) or 0
if count == nil or (start + win <= now and nb <= now) then
  count, start, win, nb = 0, now, tonumber(ARGV[3]), 0
end
local result
if now < nb then
  result = {0, nb - now}
elseif count >= tonumber(ARGV[2]) then
  result = {0, start + win - now}
else
  count = count + 1
  result = {1, count}
end
redis.call('HSET', KEYS[1], 'count', count, 'start', start, 'win', win, 'nb', nb)
redis.call('PEXPIREAT', KEYS[1], math.max(start + win, nb, now + 1))
return result
`;

const releaseScript = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
if count ~= nil and count > 0 then redis.call('HSET', KEYS[1], 'count', count - 1) end
return 0
`;

// ARGV notBefore
const recordScript = `
local c = redis.call('HMGET', KEYS[1], 'start', 'win', 'nb')
if c[1] == false then return 0 end
local nb = math.max(tonumber(c[3]) or 0, tonumber(ARGV[1]))
redis.call('HSET', KEYS[1], 'nb', nb)
redis.call('PEXPIREAT', KEYS[1], math.max(tonumber(c[1]) + tonumber(c[2]), nb))
return 0
`;

export class RedisThrottleStore implements ThrottleStore {
  constructor(private readonly redis: Redis) {}

  async reserve(key: string, limit: CounterLimit, now: number): Promise<Reservation> {
    const [ok, value] = (await this.redis.eval(reserveScript, 1, prefix + key, now, limit.max, limit.windowMs)) as [
      number,
      number,
    ];
    return ok === 1 ? { ok: true, count: value } : { ok: false, retryAfterMs: value };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(releaseScript, 1, prefix + key);
  }

  async record(key: string, notBefore: number): Promise<void> {
    await this.redis.eval(recordScript, 1, prefix + key, notBefore);
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(prefix + key);
  }
}
