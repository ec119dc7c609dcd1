// Holding the live stores while a large part of the Dashboard renders in the background
// (docs/decisions/dashboard.md#holds-while-the-first-rows-render): each applied chunk changes the counts and the row order, and
// each live alarms message the top bar's count. Those are urgent updates, and a store read through useSyncExternalStore that
// changes during a background render makes React redo that render as one blocking task. Meanwhile the probe store keeps its
// messages queued and the alarm store its notifications, at most for liveHoldMaxMs so the feed cannot stall.
import { useLayoutEffect } from 'react';
import { alarmStore } from '../stores/alarm-store';
import { probeStore } from '../stores/probe-store';

/** Longest the stores wait for a background render: the feed must not stall if it is starved of a core. */
export const liveHoldMaxMs = 1000;

/** Longest the sign-in's hold lasts: the feed must not stall if the Dashboard is slow to mount, or never does. */
export const signInHoldMaxMs = 1500;

let endSignInHold: (() => void) | null = null;

/**
 * From the login answer to the Dashboard's first commit, the probe store applies only systemConfig and the alarm
 * store keeps its notifications: each applied snapshot chunk, and each alarms message, re-rendered the top bar
 * urgently, and React started the navigation's background render of the layout and the Dashboard again from the
 * top, 6–9 times per sign-in (docs/decisions/dashboard.md#sign-in-hold). Ended by the Dashboard (useSignInHoldEnded),
 * whose own holds take over, or after signInHoldMaxMs.
 */
export function holdLiveStoresForSignIn(): void {
  endSignInHold?.();
  const releases = [probeStore.holdProbeData(signInHoldMaxMs), alarmStore.holdNotifications(signInHoldMaxMs)];
  endSignInHold = () => {
    endSignInHold = null;
    releases.forEach((release) => release());
  };
}

/** The Dashboard's first commit ends the sign-in's hold (holdLiveStoresForSignIn). */
export function useSignInHoldEnded(): void {
  useLayoutEffect(() => endSignInHold?.(), []);
}

/** Holds both stores while `rendering` is true. Taken in a layout effect: before the next animation frame's flush. */
export function useLiveHoldWhile(rendering: boolean): void {
  useLayoutEffect(() => {
    if (!rendering) return;
    const releases = [probeStore.holdMessages(liveHoldMaxMs), alarmStore.holdNotifications(liveHoldMaxMs)];
    return () => releases.forEach((release) => release());
  }, [rendering]);
}
