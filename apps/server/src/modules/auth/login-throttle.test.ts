// The throttle's decisions as plain values: which failure waits how long, when an address is refused.
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../errors.js';
import { LoginThrottle } from './login-throttle.js';

const config = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 8000, addressMaxFailures: 4, addressWindowMs: 60_000 };

describe('LoginThrottle', () => {
  it('answers the first five failures at once, then doubles the delay up to the cap', () => {
    const throttle = new LoginThrottle({ ...config, addressMaxFailures: 100 }, () => 0);
    const delays = Array.from({ length: 10 }, () => throttle.recordFailure('10.0.0.1', 'alice'));
    expect(delays).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
  });

  it('starts over after a success, and per username', () => {
    const throttle = new LoginThrottle({ ...config, addressMaxFailures: 100 }, () => 0);
    for (let i = 0; i < 6; i += 1) throttle.recordFailure('10.0.0.1', 'alice');
    expect(throttle.recordFailure('10.0.0.1', 'bob')).toBe(0);
    throttle.recordSuccess('alice');
    expect(throttle.recordFailure('10.0.0.1', 'alice')).toBe(0);
  });

  it('refuses an address at its cap until the window ends, with the seconds left', () => {
    let now = 0;
    const throttle = new LoginThrottle(config, () => now);
    for (let i = 0; i < 4; i += 1) {
      throttle.checkAddress('10.0.0.1');
      throttle.recordFailure('10.0.0.1', `user${i}`);
    }
    now = 15_000;
    expect(() => throttle.checkAddress('10.0.0.1')).toThrow(TooManyRequestsError);
    try {
      throttle.checkAddress('10.0.0.1');
    } catch (error) {
      expect((error as TooManyRequestsError).retryAfterSeconds).toBe(45);
    }
    expect(() => throttle.checkAddress('10.0.0.2')).not.toThrow();
    now = 60_000;
    expect(() => throttle.checkAddress('10.0.0.1')).not.toThrow();
  });
});
