// A store's number as shown on screen, at most twice a second: at 10,000 probes × 1 Hz the probe and alarm counts
// change with nearly every applied frame (~13 a second), and each change re-rendered Mantine badges, rings and text in
// the top bar and the Probe States card and repainted them (docs/decisions/dashboard.md#counts-shown-twice-a-second).
// A change after a quiet half second shows at once; during a stream of changes the latest shows every half second.
import { useSyncExternalStore } from 'react';

export const countsShownEveryMs = 500;

type Subscribe = (listener: () => void) => () => void;

export interface Shown {
  subscribe: Subscribe;
  getSnapshot: () => number;
}

/** The value `read` returns, passed on to React's listeners at most once per `everyMs` (leading and trailing edge). */
export function shownAtMost(subscribeStore: Subscribe, read: () => number, everyMs = countsShownEveryMs): Shown {
  const listeners = new Set<() => void>();
  let shown = 0;
  let shownAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribeStore: (() => void) | null = null;
  const show = () => {
    timer = null;
    const value = read();
    if (value === shown) return;
    shown = value;
    shownAt = performance.now();
    for (const listener of listeners) listener();
  };
  const onStoreChange = () => {
    if (timer !== null || read() === shown) return;
    const wait = shownAt + everyMs - performance.now();
    if (wait <= 0) show();
    else timer = setTimeout(show, wait);
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
        if (timer !== null) clearTimeout(timer);
        timer = null;
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
