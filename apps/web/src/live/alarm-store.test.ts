// The open-alarm store as plain TypeScript, fed the live feed's `alarms` messages (docs/live-feed.md (Alarms)): the
// snapshot replaces, later messages keep it current, the counts, the chime hook.
import { describe, expect, it, vi } from 'vitest';
import { alarmFixture as alarm } from '../testing/fixtures';
import { AlarmStore } from './alarm-store';

describe('AlarmStore', () => {
  it('counts unacknowledged alarms someone was shown, even those suppressed since, and drops closed ones', () => {
    const store = new AlarmStore();
    store.apply({
      snapshotPart: 0,
      alarms: [
        alarm(1),
        alarm(2, { suppressed: true, annunciated: false }),
        alarm(3, { state: 'acknowledged' }),
        // Shown, then taken off its AGV while hot: still waiting for someone.
        alarm(5, { suppressed: true }),
      ],
    });
    expect(store.getOpen().map((a) => a.id)).toEqual([1, 2, 3, 5]);
    expect(store.getUnacknowledgedCount()).toBe(2);
    store.apply({ alarms: [alarm(1, { state: 'closed' }), alarm(5, { state: 'acknowledged', suppressed: true })] });
    expect(store.getOpen().map((a) => a.id)).toEqual([2, 3, 5]);
    expect(store.getUnacknowledgedCount()).toBe(0);
  });

  it("a snapshot's part 0 replaces the open list, its later parts add to it; it is loaded once part 0 has come", () => {
    const store = new AlarmStore();
    expect(store.getIsLoaded()).toBe(false);
    store.apply({ snapshotPart: 0, alarms: [alarm(1), alarm(2)] });
    expect(store.getIsLoaded()).toBe(true);
    store.apply({ alarms: [alarm(3)] });
    // Reconnected: 1 and 3 closed while the socket was away, 4 and 5 opened.
    store.apply({ snapshotPart: 0, alarms: [alarm(2, { state: 'acknowledged' }), alarm(4)] });
    store.apply({ snapshotPart: 1, alarms: [alarm(5, { state: 'returned', clearedAt: '2026-01-01T00:00:05.000Z' })] });
    expect(store.getOpen().map((a) => a.id)).toEqual([2, 4, 5]);
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount()]).toEqual([1, 1]);
  });

  it('counts a returned alarm (cleared, never acknowledged) as awaiting acknowledgement, apart from the active ones', () => {
    const store = new AlarmStore();
    store.apply({ snapshotPart: 0, alarms: [alarm(1), alarm(2, { state: 'returned', clearedAt: '2026-01-01T00:00:05.000Z' })] });
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount(), store.getUnacknowledgedCount()]).toEqual([1, 1, 2]);
    const chimed = vi.fn();
    store.onAnnunciated(chimed);
    // Clearing unacknowledged moves it from active to returned: still waiting, no new chime.
    store.apply({ alarms: [alarm(1, { state: 'returned', clearedAt: '2026-01-01T00:00:06.000Z' })] });
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount()]).toEqual([0, 2]);
    expect(chimed).not.toHaveBeenCalled();
    store.apply({ alarms: [alarm(2, { state: 'closed' })] });
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount(), store.getUnacknowledgedCount()]).toEqual([0, 1, 1]);
  });

  it('while its notifications are held, applies live alarms at once and tells listeners once the hold ends', () => {
    vi.useFakeTimers();
    try {
      const store = new AlarmStore();
      store.apply({ snapshotPart: 0, alarms: [] });
      const heard = vi.fn();
      store.subscribe(heard);
      const release = store.holdNotifications(1000);
      store.apply({ alarms: [alarm(1)] });
      store.apply({ alarms: [alarm(2)] });
      expect(store.getUnacknowledgedCount()).toBe(2);
      expect(heard).not.toHaveBeenCalled();
      release();
      expect(heard).toHaveBeenCalledTimes(1);
      // Nothing changed under the next hold: nothing to tell when it ends by itself.
      store.holdNotifications(1000);
      vi.advanceTimersByTime(1000);
      expect(heard).toHaveBeenCalledTimes(1);
      store.apply({ alarms: [alarm(3)] });
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells listeners about each alarm the feed brings to need acknowledgement, never about a snapshot backlog', () => {
    const store = new AlarmStore();
    const seen: number[] = [];
    store.onAnnunciated((a) => seen.push(a.id));
    const fromTheStart = { suppressed: true, annunciated: false };
    store.apply({ snapshotPart: 0, alarms: [alarm(1), alarm(3, fromTheStart)] });
    store.apply({ snapshotPart: 1, alarms: [alarm(4, { state: 'shelved', suppressed: true }), alarm(6)] });
    expect(seen).toEqual([]);
    // A change to one already waiting is not news; a new one that the assignment suppresses needs nobody yet.
    store.apply({ alarms: [alarm(1, { peak: 61 }), alarm(2), alarm(5, fromTheStart)] });
    expect(seen).toEqual([2]);
    // The assignment stops suppressing 3 and 5 (a pack put on an AGV); 4 comes back from its shelve.
    store.apply({ alarms: [alarm(3), alarm(5), alarm(4)] });
    expect(seen).toEqual([2, 3, 5, 4]);
    // Acknowledged, then changed again: not announced.
    store.apply({ alarms: [alarm(3, { state: 'acknowledged' })] });
    store.apply({ alarms: [alarm(3, { state: 'acknowledged', peak: 70 })] });
    expect(seen).toEqual([2, 3, 5, 4]);
    // A reconnection's snapshot brings 7, raised while the socket was away: the backlog does not chime.
    store.apply({ snapshotPart: 0, alarms: [alarm(7)] });
    expect(seen).toEqual([2, 3, 5, 4]);
  });

  it('until() waits for the live message that shows a change, or for the alarm to leave the open list', async () => {
    const store = new AlarmStore();
    store.apply({ snapshotPart: 0, alarms: [alarm(1), alarm(2)] });
    const seen: number[] = [];
    const acknowledged = store.until(1, (a) => a.state === 'acknowledged').then(() => seen.push(1));
    const closed = store.until(2, (a) => a.state === 'acknowledged').then(() => seen.push(2));
    await Promise.resolve();
    expect(seen).toEqual([]);
    store.apply({ alarms: [alarm(2, { state: 'closed' })] });
    store.apply({ alarms: [alarm(1, { state: 'acknowledged' })] });
    await Promise.all([acknowledged, closed]);
    expect(seen).toEqual([2, 1]);
  });
});
