// The sign-in's hold on the live stores (use-live-hold.ts, docs/decisions/dashboard.md#sign-in-hold): it ends by itself
// when no Dashboard commits, so the feed never stalls. Its end at the Dashboard's commit is in dashboard-page.test.tsx.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmStore } from './alarm-store';
import { makeProbe, probeData } from './probe-fixtures';
import { probeStore } from './probe-store';
import { holdLiveStoresForSignIn, signInHoldMaxMs } from './use-live-hold';

afterEach(() => {
  vi.useRealTimers();
  probeStore.reset();
});

describe("the sign-in's hold", () => {
  it('ends by itself after signInHoldMaxMs when no Dashboard commits: the probes and the alarm count then come', () => {
    vi.useFakeTimers();
    const heard = vi.fn();
    const unsubscribe = alarmStore.subscribe(heard);
    holdLiveStoresForSignIn();
    probeStore.enqueue(probeData(makeProbe('P-1')));
    probeStore.flush();
    alarmStore.apply({ alarms: [] });
    expect(probeStore.getCounts().total).toBe(0);
    expect(heard).not.toHaveBeenCalled();
    vi.advanceTimersByTime(signInHoldMaxMs);
    expect(heard).toHaveBeenCalledTimes(1);
    // The release asked for a frame (rAF, or the timeout that stands in for it in a hidden tab).
    vi.advanceTimersByTime(250);
    expect(probeStore.getCounts().total).toBe(1);
    unsubscribe();
  });
});
