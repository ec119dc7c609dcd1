// Per-probe subscriptions (docs/architecture.md (One probe report, end to end)): a row re-renders when its own probe's version
// changes, and a watchdog ring when the whole second its digit shows changes. The value compared is a change counter, not the
// entry.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { ProbeEntry } from '../stores/probe-entry';
import { probeStore } from '../stores/probe-store';
import type { WatchdogStatus } from '../stores/watchdog';

/** The probe's entry, re-read whenever its version changes; undefined once deleted. */
export function useProbe(probeID: string): ProbeEntry | undefined {
  useProbeVersion(probeID);
  return probeStore.getEntry(probeID);
}

function useProbeVersion(probeID: string): number {
  const subscribe = useCallback((listener: () => void) => probeStore.subscribeProbe(probeID, listener), [probeID]);
  const getVersion = useCallback(() => probeStore.getProbeVersion(probeID), [probeID]);
  return useStoreCounter(subscribe, getVersion);
}

/** The probe's watchdog, re-read on every tick of the shared 100 ms clock. */
export function useWatchdog(probeID: string): WatchdogStatus | undefined {
  // Both subscriptions only trigger a re-read: the status is derived from the tick and the probe's last reset.
  useStoreCounter(probeStore.subscribeClock, probeStore.getTick);
  useProbeVersion(probeID);
  const entry = probeStore.getEntry(probeID);
  return entry ? probeStore.watchdog(entry) : undefined;
}

/**
 * What a watchdog's digit shows (whole seconds left, or alerted; undefined once the probe is deleted), re-read at every
 * tick and probe update but re-rendering only when that changes: about once a second instead of ten times. The
 * countdown between those renders is drawn by `onDraw`, called with the status at mount, after each render, at every
 * tick and at every update of the probe, in the same task (docs/decisions/dashboard.md#watchdog-ring-without-a-render-per-tick).
 */
export function useWatchdogSeconds(
  probeID: string,
  onDraw: (watchdog: WatchdogStatus) => void,
): { seconds: number; alerted: boolean } | undefined {
  const subscribe = useCallback(
    (listener: () => void) => {
      const offClock = probeStore.subscribeClock(listener);
      const offProbe = probeStore.subscribeProbe(probeID, listener);
      return () => {
        offClock();
        offProbe();
      };
    },
    [probeID],
  );
  const read = useCallback(() => {
    const entry = probeStore.getEntry(probeID);
    return entry ? probeStore.watchdog(entry) : undefined;
  }, [probeID]);
  const getShown = useCallback(() => shownKey(read()), [read]);
  const key = useStoreCounter(subscribe, getShown);
  // The latest onDraw without re-subscribing when the caller passes a new function.
  const draw = useRef(onDraw);
  useLayoutEffect(() => {
    draw.current = onDraw;
    const watchdog = read();
    if (watchdog) onDraw(watchdog);
  });
  useLayoutEffect(
    () =>
      subscribe(() => {
        const watchdog = read();
        if (watchdog) draw.current(watchdog);
      }),
    [subscribe, read],
  );
  if (key === absent) return undefined;
  return key === alertedKey ? { seconds: 0, alerted: true } : { seconds: key, alerted: false };
}

const absent = -2;
const alertedKey = -1;
/** One number for what the digit shows: the whole seconds left (rounded up), alerted, or no probe. */
function shownKey(watchdog: WatchdogStatus | undefined): number {
  if (!watchdog) return absent;
  return watchdog.alerted ? alertedKey : Math.ceil(watchdog.timeRemaining);
}

/**
 * A store counter read at render, re-rendering this component when it changes after that. Not
 * useSyncExternalStore on purpose: React redoes a background render as a blocking one whenever such a store
 * changed during it, and the store changes every frame while a snapshot is applied and every 100 ms with the
 * clock, so the first rows' interruptible render (useDeferredValue in the table) was always redone in one
 * task (docs/decisions/dashboard.md#rows-subscribe-in-an-effect). Rows may show different store moments within one commit for a
 * frame; every change after the value shown re-renders its component, none is lost.
 */
function useStoreCounter(subscribe: (listener: () => void) => () => void, getValue: () => number): number {
  const value = getValue();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const shown = useRef(value);
  useEffect(() => {
    shown.current = value;
  });
  useEffect(() => {
    const onChange = () => {
      if (getValue() !== shown.current) rerender();
    };
    const unsubscribe = subscribe(onChange);
    // A change between the render that mounted this subscription and the subscription itself.
    onChange();
    return unsubscribe;
  }, [subscribe, getValue]);
  return value;
}
