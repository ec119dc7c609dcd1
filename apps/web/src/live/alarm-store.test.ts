// The open-alarm store as plain TypeScript: loads, live updates that race a load, the count, the chime hook.
import { describe, expect, it, vi } from 'vitest';
import { alarmFixture as alarm } from '../testing/fixtures';
import { AlarmStore } from './alarm-store';

describe('AlarmStore', () => {
  it('counts unacknowledged alarms someone was shown, even those suppressed since, and drops closed ones', () => {
    const store = new AlarmStore();
    store.load(
      [
        alarm(1),
        alarm(2, { suppressed: true, annunciated: false }),
        alarm(3, { state: 'acknowledged' }),
        alarm(4, { state: 'closed' }),
        // Shown, then taken off its AGV while hot: still waiting for someone.
        alarm(5, { suppressed: true }),
      ],
      store.beginLoad(),
    );
    expect(store.getOpen().map((a) => a.id)).toEqual([1, 2, 3, 5]);
    expect(store.getUnacknowledgedCount()).toBe(2);
    store.applyLive([alarm(1, { state: 'closed' }), alarm(5, { state: 'acknowledged', suppressed: true })]);
    expect(store.getOpen().map((a) => a.id)).toEqual([2, 3, 5]);
    expect(store.getUnacknowledgedCount()).toBe(0);
  });

  it('counts a returned alarm (cleared, never acknowledged) as awaiting acknowledgement, apart from the active ones', () => {
    const store = new AlarmStore();
    store.load([alarm(1), alarm(2, { state: 'returned', clearedAt: '2026-01-01T00:00:05.000Z' })], store.beginLoad());
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount(), store.getUnacknowledgedCount()]).toEqual([1, 1, 2]);
    const chimed = vi.fn();
    store.onAnnunciated(chimed);
    // Clearing unacknowledged moves it from active to returned: still waiting, no new chime.
    store.applyLive([alarm(1, { state: 'returned', clearedAt: '2026-01-01T00:00:06.000Z' })]);
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount()]).toEqual([0, 2]);
    expect(chimed).not.toHaveBeenCalled();
    store.applyLive([alarm(2, { state: 'closed' })]);
    expect([store.getActiveUnacknowledgedCount(), store.getReturnedCount(), store.getUnacknowledgedCount()]).toEqual([0, 1, 1]);
  });

  it('while its notifications are held, applies live alarms at once and tells listeners once the hold ends', () => {
    vi.useFakeTimers();
    try {
      const store = new AlarmStore();
      store.load([], store.beginLoad());
      const heard = vi.fn();
      store.subscribe(heard);
      const release = store.holdNotifications(1000);
      store.applyLive([alarm(1)]);
      store.applyLive([alarm(2)]);
      expect(store.getUnacknowledgedCount()).toBe(2);
      expect(heard).not.toHaveBeenCalled();
      release();
      expect(heard).toHaveBeenCalledTimes(1);
      // Nothing changed under the next hold: nothing to tell when it ends by itself.
      store.holdNotifications(1000);
      vi.advanceTimersByTime(1000);
      expect(heard).toHaveBeenCalledTimes(1);
      store.applyLive([alarm(3)]);
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps live updates that arrived while a load was in flight', () => {
    const store = new AlarmStore();
    const startedAt = store.beginLoad();
    store.applyLive([alarm(1, { state: 'acknowledged' }), alarm(5)]);
    store.load([alarm(1)], startedAt); // the answer was read before the acknowledgement
    expect(store.getOpen().find((a) => a.id === 1)!.state).toBe('acknowledged');
    expect(store.getOpen().map((a) => a.id)).toEqual([1, 5]);
    const later = store.beginLoad();
    store.load([alarm(1, { state: 'acknowledged' })], later);
    expect(store.getOpen().map((a) => a.id)).toEqual([1]);
  });

  it('tells listeners about each alarm the feed brings to need acknowledgement, once loaded', () => {
    const store = new AlarmStore();
    const seen: number[] = [];
    store.onAnnunciated((a) => seen.push(a.id));
    store.applyLive([alarm(1)]); // before the first load: not announced
    const fromTheStart = { suppressed: true, annunciated: false };
    store.load([alarm(1), alarm(3, fromTheStart), alarm(4, { state: 'shelved', suppressed: true })], store.beginLoad());
    // A change to one already waiting is not news; a new one that the assignment suppresses needs nobody yet.
    store.applyLive([alarm(1, { peak: 61 }), alarm(2), alarm(5, fromTheStart)]);
    expect(seen).toEqual([2]);
    // The assignment stops suppressing 3 and 5 (a pack put on an AGV); 4 comes back from its shelve.
    store.applyLive([alarm(3), alarm(5), alarm(4)]);
    expect(seen).toEqual([2, 3, 5, 4]);
    // Acknowledged, then changed again: not announced.
    store.applyLive([alarm(3, { state: 'acknowledged' })]);
    store.applyLive([alarm(3, { state: 'acknowledged', peak: 70 })]);
    expect(seen).toEqual([2, 3, 5, 4]);
  });
});
