// Sign-in throttling (docs/security.md "Sign-in throttling"): every attempt reserves its place in the counters
// before its password is hashed, so parallel guesses cannot overrun a limit.
// - Per address: at most addressMaxFailures failures per window, then 429 with Retry-After.
// - Per username: after freeFailures failures in a row, the next attempt is accepted no sooner than a growing
//   delay after the last one ("not before", enforced on the server, so parallel guesses gain nothing).
// - An address with no failure on record (a fresh address) is checked even inside a username's delay, in its own
//   lane: guesses from elsewhere cannot spend its chance (docs/decisions/security.md#fresh-address-lane).
// - A browser holding a device cookie for that username skips both (it has its own, small, failure budget).
// - Anonymous attempts in flight are bounded per lane: beyond hashQueueMax the answer is 503 at once; in the fresh
//   lane an address's second such answer in its window spends its turn there.
import type { LoginThrottleConfig } from '../../config.js';
import { ServiceUnavailableError, TooManyRequestsError } from '../../errors.js';
import type { HashPriority } from '../../password.js';
import { MemoryThrottleStore, type ThrottleStore } from './throttle-store.js';

/** A username's failure streak is forgotten an hour after it began. */
const usernameMemoryMs = 60 * 60_000;

export interface SignInAttempt {
  address: string;
  usernameKey: string;
  /** The nonce of a valid device cookie for this username (device-cookie.ts), if the browser sent one. */
  deviceId?: string;
}

export interface PendingAttempt {
  /** Trusted device first, then a fresh address, then the rest (password.ts). */
  priority: HashPriority;
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class LoginThrottle {
  private readonly inFlight = { fresh: 0, suspect: 0 };

  constructor(
    private readonly config: LoginThrottleConfig,
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** The delay a username's attempt number `count` imposes on the next one (0 while within the free failures). */
  delayAfter(count: number): number {
    const over = count - this.config.freeFailures;
    if (over <= 0) return 0;
    return Math.min(this.config.baseDelayMs * 2 ** (over - 1), this.config.maxDelayMs);
  }

  /** Whether this is the address's first busy answer in the fresh lane in its window (counted under `r:`). */
  private async firstBusyAnswer(address: string, now: number): Promise<boolean> {
    const limit = { max: 1, windowMs: this.config.addressWindowMs };
    return (await this.store.reserve(`r:${address}`, limit, now)).ok;
  }

  /** Reserves the attempt's place, or throws 429 (a limit reached) or 503 (too many anonymous sign-ins at once). */
  async begin(attempt: SignInAttempt): Promise<PendingAttempt> {
    if (attempt.deviceId !== undefined) {
      const deviceKey = `d:${attempt.deviceId}`;
      const limit = { max: this.config.deviceMaxFailures, windowMs: this.config.addressWindowMs };
      const device = await this.store.reserve(deviceKey, limit, this.now());
      // A device past its own budget is treated like any other browser (OWASP: lockout-listed device).
      if (device.ok) {
        return {
          priority: 'trusted',
          succeeded: () => this.store.forget(deviceKey),
          failed: () => Promise.resolve(),
        };
      }
    }

    const addressKey = `a:${attempt.address}`;
    const usernameKey = `u:${attempt.usernameKey}`;
    const now = this.now();
    const address = await this.store.reserve(
      addressKey,
      { max: this.config.addressMaxFailures, windowMs: this.config.addressWindowMs },
      now,
    );
    if (!address.ok) {
      throw new TooManyRequestsError(
        'Too many failed sign-in attempts from this address. Try again later.',
        retrySeconds(address.retryAfterMs),
      );
    }
    // This attempt is the address's only one in its window: no failure, nothing else in flight.
    const lane = address.count === 1 ? 'fresh' : 'suspect';
    if (this.inFlight[lane] >= this.config.hashQueueMax) {
      // A second busy answer in the fresh lane spends the address's turn there, or a flood from fresh addresses
      // would hold that lane forever; the first is free, so a new device that came back as Retry-After said
      // still has its turn (docs/decisions/security.md#fresh-lane-at-a-floods-start).
      if (lane === 'suspect' || (await this.firstBusyAnswer(attempt.address, now))) await this.store.release(addressKey);
      throw new ServiceUnavailableError('The server is busy with other sign-ins. Try again in a moment.', 1);
    }
    this.inFlight[lane] += 1;
    let settled = false;
    const leave = () => {
      if (!settled) this.inFlight[lane] -= 1;
      settled = true;
    };
    try {
      const username = await this.store.reserve(usernameKey, { max: Number.MAX_SAFE_INTEGER, windowMs: usernameMemoryMs }, now);
      if (username.ok) {
        const delayMs = this.delayAfter(username.count);
        if (delayMs > 0) await this.store.record(usernameKey, now + delayMs);
      } else if (lane === 'suspect') {
        await this.store.release(addressKey);
        throw new TooManyRequestsError(
          'Too many failed sign-in attempts for this user. Try again in a few seconds.',
          retrySeconds(username.retryAfterMs),
        );
      }
    } catch (error) {
      leave();
      throw error;
    }
    return {
      priority: lane,
      succeeded: async () => {
        leave();
        await this.store.release(addressKey);
        await this.store.forget(usernameKey);
      },
      failed: () => {
        leave();
        return Promise.resolve();
      },
    };
  }
}
