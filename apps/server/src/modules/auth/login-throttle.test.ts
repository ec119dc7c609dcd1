// The throttle's decisions as plain values: which attempt is refused, for how long, and what a device cookie skips.
import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError, TooManyRequestsError } from '../../errors.js';
import { LoginThrottle } from './login-throttle.js';
import { MemoryThrottleStore } from './throttle-store.js';

const config = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 8000,
  addressMaxFailures: 4,
  addressWindowMs: 60_000,
  deviceMaxFailures: 3,
  hashQueueMax: 100,
};

async function refusal(promise: Promise<unknown>): Promise<TooManyRequestsError | ServiceUnavailableError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) return error;
    throw error;
  }
  throw new Error('the attempt was not refused');
}

describe('LoginThrottle', () => {
  it('lets the first five failures through at once, then doubles the delay before the next, up to the cap', () => {
    const throttle = new LoginThrottle(config);
    expect(Array.from({ length: 10 }, (_, i) => throttle.delayAfter(i + 1))).toEqual([
      0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 8000,
    ]);
  });

  it('enforces a username delay as "not before": an attempt inside it is refused without being checked', async () => {
    let now = 0;
    const throttle = new LoginThrottle({ ...config, addressMaxFailures: 100 }, new MemoryThrottleStore(), () => now);
    for (let i = 0; i < 6; i += 1) await (await throttle.begin({ address: `10.0.0.${i % 2}`, usernameKey: 'alice' })).failed();
    const early = await refusal(throttle.begin({ address: '10.0.0.1', usernameKey: 'alice' }));
    expect(early).toBeInstanceOf(TooManyRequestsError);
    expect(early.retryAfterSeconds).toBe(1);
    // Another username is not held back.
    await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'bob' })).failed();
    now = 1000;
    await (await throttle.begin({ address: '10.0.1.1', usernameKey: 'alice' })).succeeded();
    // A success starts the streak over.
    for (let i = 0; i < 5; i += 1) await (await throttle.begin({ address: '10.0.2.1', usernameKey: 'alice' })).failed();
  });

  it('counts attempts while they are still being checked, so parallel guesses cannot pass the address cap', async () => {
    const throttle = new LoginThrottle(config);
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => throttle.begin({ address: '10.0.0.1', usernameKey: `user${i}` })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(4);
  });

  it('refuses an address at its cap until the window ends, with the seconds left; successes give their place back', async () => {
    let now = 0;
    const throttle = new LoginThrottle(config, new MemoryThrottleStore(), () => now);
    await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'ok' })).succeeded();
    for (let i = 0; i < 4; i += 1) await (await throttle.begin({ address: '10.0.0.1', usernameKey: `user${i}` })).failed();
    now = 15_000;
    const refused = await refusal(throttle.begin({ address: '10.0.0.1', usernameKey: 'user9' }));
    expect(refused.retryAfterSeconds).toBe(45);
    await (await throttle.begin({ address: '10.0.0.2', usernameKey: 'user9' })).failed();
    now = 60_000;
    await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'user9' })).failed();
  });

  it('lets a trusted device through an address and username lockout, until its own budget is spent', async () => {
    const throttle = new LoginThrottle(config);
    for (let i = 0; i < 4; i += 1) await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'alice' })).failed();
    await refusal(throttle.begin({ address: '10.0.0.1', usernameKey: 'alice' }));
    const trusted = await throttle.begin({ address: '10.0.0.1', usernameKey: 'alice', deviceId: 'd1' });
    expect(trusted.priority).toBe('trusted');
    await trusted.failed();
    await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'alice', deviceId: 'd1' })).failed();
    await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'alice', deviceId: 'd1' })).failed();
    // Three failures spent: the device is now an unknown browser at a locked address.
    await refusal(throttle.begin({ address: '10.0.0.1', usernameKey: 'alice', deviceId: 'd1' }));
  });

  it('answers 503 at once when too many anonymous sign-ins are in flight, never to a trusted device', async () => {
    const throttle = new LoginThrottle({ ...config, addressMaxFailures: 100, hashQueueMax: 2 });
    const first = await throttle.begin({ address: '10.0.0.1', usernameKey: 'a' });
    await throttle.begin({ address: '10.0.0.2', usernameKey: 'b' });
    expect(await refusal(throttle.begin({ address: '10.0.0.3', usernameKey: 'c' }))).toBeInstanceOf(ServiceUnavailableError);
    expect((await throttle.begin({ address: '10.0.0.3', usernameKey: 'c', deviceId: 'd' })).priority).toBe('trusted');
    await first.failed();
    await throttle.begin({ address: '10.0.0.3', usernameKey: 'c' });
  });

  it('checks an address with no failure inside a username delay, once: guesses from elsewhere cannot spend its turn', async () => {
    const throttle = new LoginThrottle({ ...config, addressMaxFailures: 100 });
    for (let i = 0; i < 6; i += 1) await (await throttle.begin({ address: `10.0.0.${i % 2}`, usernameKey: 'alice' })).failed();
    await refusal(throttle.begin({ address: '10.0.0.0', usernameKey: 'alice' }));
    const fresh = await throttle.begin({ address: '10.0.5.5', usernameKey: 'alice' });
    expect(fresh.priority).toBe('fresh');
    await fresh.failed();
    // Having failed once, that address waits like the others.
    expect(await refusal(throttle.begin({ address: '10.0.5.5', usernameKey: 'alice' }))).toBeInstanceOf(TooManyRequestsError);
  });

  it('lets a fresh address keep its turn through one busy answer a window; a second busy answer spends it', async () => {
    const throttle = new LoginThrottle(
      { ...config, addressMaxFailures: 100, hashQueueMax: 1 },
      new MemoryThrottleStore(),
      () => 0,
    );
    for (let i = 0; i < 6; i += 1) await (await throttle.begin({ address: `10.0.0.${i % 2}`, usernameKey: 'alice' })).failed();
    const holder = await throttle.begin({ address: '10.0.9.1', usernameKey: 'bob' });
    expect(holder.priority).toBe('fresh');
    // A new device answered 503 while the fresh lane is full, and a flood's address answered 503 twice.
    expect(await refusal(throttle.begin({ address: '10.0.5.5', usernameKey: 'alice' }))).toBeInstanceOf(ServiceUnavailableError);
    for (let i = 0; i < 2; i += 1)
      expect(await refusal(throttle.begin({ address: '10.0.6.6', usernameKey: 'alice' }))).toBeInstanceOf(
        ServiceUnavailableError,
      );
    await holder.failed();
    // The device, coming back, is still checked inside alice's delay; the flood's address waits like the others.
    const back = await throttle.begin({ address: '10.0.5.5', usernameKey: 'alice' });
    expect(back.priority).toBe('fresh');
    await back.failed();
    expect(await refusal(throttle.begin({ address: '10.0.6.6', usernameKey: 'alice' }))).toBeInstanceOf(TooManyRequestsError);
  });

  it('keeps a lane for addresses with no failure when the others fill the hashing queue', async () => {
    const throttle = new LoginThrottle({ ...config, addressMaxFailures: 100, hashQueueMax: 2 });
    await (await throttle.begin({ address: '10.0.0.1', usernameKey: 'x' })).failed();
    await throttle.begin({ address: '10.0.0.1', usernameKey: 'a' });
    await throttle.begin({ address: '10.0.0.1', usernameKey: 'b' });
    expect(await refusal(throttle.begin({ address: '10.0.0.1', usernameKey: 'c' }))).toBeInstanceOf(ServiceUnavailableError);
    expect((await throttle.begin({ address: '10.0.0.9', usernameKey: 'c' })).priority).toBe('fresh');
  });
});
