// A fake clock for the hub's tests (hub-scheduler.ts): the test advances it, and the hub runs the same code as in
// production, its flush, slices and snapshots included.
import { LiveHub, type HubOptions } from './hub.js';
import type { HubScheduler } from './hub-scheduler.js';

export class FakeHubClock implements HubScheduler {
  private readonly ticks = new Set<() => void>();
  private waiting: Array<{ run: (() => void) | null }> = [];

  every(_ms: number, tick: () => void): () => void {
    this.ticks.add(tick);
    return () => this.ticks.delete(tick);
  }

  later(run: () => void): () => void {
    const waiter = { run: run as (() => void) | null };
    this.waiting.push(waiter);
    return () => {
      waiter.run = null;
    };
  }

  /** How many callbacks wait for a later turn. */
  get waitingCount(): number {
    return this.waiting.filter((w) => w.run !== null).length;
  }

  /** Runs up to `n` later turns, each the callbacks that were waiting when it began; answers how many ran. */
  turns(n = 1): number {
    let ran = 0;
    for (let turn = 0; turn < n && this.waitingCount > 0; turn += 1) {
      const now = this.waiting;
      this.waiting = [];
      for (const waiter of now) {
        waiter.run?.();
        if (waiter.run) ran += 1;
      }
    }
    return ran;
  }

  /** Runs later turns until nothing waits (at most `max`, so that a test that never settles fails, not hangs). */
  settle(max = 100_000): void {
    for (let turn = 0; turn < max && this.waitingCount > 0; turn += 1) this.turns(1);
    if (this.waitingCount > 0) throw new Error(`the hub still had work after ${max} turns`);
  }

  /** The flush timer fires: the flush itself waits for the next turn (turns()). */
  fire(): void {
    for (const tick of this.ticks) tick();
  }

  /** One flush interval: the timer fires, then every slice it leads to runs. */
  tick(): void {
    this.fire();
    this.settle();
  }
}

/** A started hub on a fake clock, so that `clock.tick()` is one flush interval. */
export function hubOnFakeClock(options: HubOptions = { flushIntervalMs: 100, maxBufferedBytes: 1000 }) {
  const clock = new FakeHubClock();
  const hub = new LiveHub(options, clock);
  hub.start();
  return { hub, clock };
}
