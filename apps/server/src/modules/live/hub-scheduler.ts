// When the hub works (docs/live-feed.md (Server rules)): its flush every flushIntervalMs, and the rest of a sliced
// flush or snapshot in a later turn of the event loop. Injected, so that tests run the production code with a
// clock they advance themselves (hub-clock.testing.ts) instead of a hub that behaves differently without a timer.
import { inLaterTurn } from '../../event-loop-turns.js';

export interface HubScheduler {
  /** Calls `tick` every `ms` until the answered function is called. */
  every(ms: number, tick: () => void): () => void;
  /** Runs `run` in a later turn of the event loop; answers a cancel. */
  later(run: () => void): () => void;
}

/**
 * Production: setInterval for the flush, and event-loop-turns.ts for what waits, one slice per turn behind the other
 * whole-plant work (docs/security.md "Probe data bounds").
 */
export const eventLoopScheduler: HubScheduler = {
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
  later: inLaterTurn,
};
