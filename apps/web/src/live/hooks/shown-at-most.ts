// A store's number as shown on screen, at most twice a second: at 10,000 probes × 1 Hz the probe and alarm counts
// change with nearly every applied frame (~13 a second), and each change re-rendered Mantine badges, rings and text in
// the top bar and the Probe States card and repainted them (docs/decisions/dashboard.md#counts-shown-twice-a-second).
// A change after a quiet half second shows at once; during a stream of changes the latest shows every half second,
// every count at the same moment.
import { useSyncExternalStore } from 'react';

export const countsShownEveryMs = 500;

type Subscribe = (listener: () => void) => () => void;

export interface Shown {
  subscribe: Subscribe;
  getSnapshot: () => number;
}

/** Sources with a change not yet shown, and the one timer or microtask that will show them all together. */
const due = new Set<() => void>();
let lastShownAt = -Infinity;
let pending = false;

function showDue(): void {
  pending = false;
  lastShownAt = performance.now();
  const shows = [...due];
  due.clear();
  for (const show of shows) show();
}

/**
 * Every source's changes are shown together, so that the top bar and the card repaint at most twice a second in
 * all, not once per count: after the store's notice (a microtask) when half a second has passed, else at its end.
 */
function scheduleShow(show: () => void, everyMs: number): void {
  due.add(show);
  if (pending) return;
  pending = true;
  const wait = lastShownAt + everyMs - performance.now();
  if (wait <= 0) queueMicrotask(showDue);
  else setTimeout(showDue, wait);
}

/** The value `read` returns, passed on to React's listeners at most once per `everyMs`, with the other sources'. */
export function shownAtMost(subscribeStore: Subscribe, read: () => number, everyMs = countsShownEveryMs): Shown {
  const listeners = new Set<() => void>();
  let shown = 0;
  let unsubscribeStore: (() => void) | null = null;
  const show = () => {
    if (listeners.size === 0) return;
    const value = read();
    if (value === shown) return;
    shown = value;
    for (const listener of listeners) listener();
  };
  const onStoreChange = () => {
    if (read() !== shown) scheduleShow(show, everyMs);
  };
  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        shown = read();
        unsubscribeStore = subscribeStore(onStoreChange);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribeStore?.();
        unsubscribeStore = null;
        due.delete(show);
      };
    },
    // Unwatched (a component's first render), the store's own value.
    getSnapshot: () => (listeners.size > 0 ? shown : read()),
  };
}

/** A number shown through `shownAtMost`, one source per key so that readers of one count share its timer. */
export function useShownAtMost<K>(sources: Map<K, Shown>, key: K, subscribe: Subscribe, read: (key: K) => number): number {
  let source = sources.get(key);
  if (!source) {
    source = shownAtMost(subscribe, () => read(key));
    sources.set(key, source);
  }
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
