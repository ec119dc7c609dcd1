// Login throttling (docs/api.md (Authentication)): slows password guessing without letting anyone lock a real user out.
// Per username: after `freeFailures` failures in a row, each further failure is answered after a growing
// delay, while the right password still signs in at once. Per client address: failures are capped per
// window and answered 429 with Retry-After. Successful sign-ins never count.
import type { LoginThrottleConfig } from '../../config.js';
import { TooManyRequestsError } from '../../errors.js';

/** Both maps are bounded so a flood of made-up usernames or addresses cannot grow memory without limit. */
const maxTracked = 10_000;
/** A username's failure streak is forgotten after an hour without failures. */
const usernameMemoryMs = 60 * 60_000;

interface Streak {
  failures: number;
  lastAt: number;
}

interface Window {
  failures: number;
  startedAt: number;
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxTracked) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export class LoginThrottle {
  private readonly byUsername = new Map<string, Streak>();
  private readonly byAddress = new Map<string, Window>();

  constructor(
    private readonly config: LoginThrottleConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when this address has used up its failed attempts for the window. */
  checkAddress(address: string): void {
    const window = this.byAddress.get(address);
    if (!window) return;
    const endsAt = window.startedAt + this.config.addressWindowMs;
    if (endsAt <= this.now()) {
      this.byAddress.delete(address);
      return;
    }
    if (window.failures >= this.config.addressMaxFailures) {
      const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - this.now()) / 1000));
      throw new TooManyRequestsError('Too many failed sign-in attempts from this address. Try again later.', retryAfterSeconds);
    }
  }

  /** Records a failure and returns how long to wait before answering it. */
  recordFailure(address: string, usernameKey: string): number {
    const now = this.now();
    const window = this.byAddress.get(address);
    if (!window || window.startedAt + this.config.addressWindowMs <= now)
      remember(this.byAddress, address, { failures: 1, startedAt: now });
    else window.failures += 1;

    const previous = this.byUsername.get(usernameKey);
    const failures = previous && now - previous.lastAt < usernameMemoryMs ? previous.failures + 1 : 1;
    remember(this.byUsername, usernameKey, { failures, lastAt: now });
    const over = failures - this.config.freeFailures;
    if (over <= 0) return 0;
    return Math.min(this.config.baseDelayMs * 2 ** (over - 1), this.config.maxDelayMs);
  }

  recordSuccess(usernameKey: string): void {
    this.byUsername.delete(usernameKey);
  }
}
