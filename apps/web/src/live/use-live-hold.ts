// Holding the live stores while a large part of the Dashboard renders in the background (docs/decisions/dashboard.md,
// Rounds 10 and 11): each applied chunk changes the counts and the row order, and each live alarms message the top
// bar's count. Those are urgent updates, and a store read through useSyncExternalStore that changes during a
// background render makes React redo that render as one blocking task. Meanwhile the probe store keeps its messages
// queued and the alarm store its notifications, at most for liveHoldMaxMs so the feed cannot stall.
import { useLayoutEffect } from 'react';
import { alarmStore } from './alarm-store';
import { probeStore } from './probe-store';

/** Longest the stores wait for a background render: the feed must not stall if it is starved of a core. */
export const liveHoldMaxMs = 1000;

/** Holds both stores while `rendering` is true. Taken in a layout effect: before the next animation frame's flush. */
export function useLiveHoldWhile(rendering: boolean): void {
  useLayoutEffect(() => {
    if (!rendering) return;
    const releases = [probeStore.holdMessages(liveHoldMaxMs), alarmStore.holdNotifications(liveHoldMaxMs)];
    return () => releases.forEach((release) => release());
  }, [rendering]);
}
