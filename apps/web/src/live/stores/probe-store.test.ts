// The live store, table-driven from docs/probe-data.md's sentences: counts, readings, events, watchdog (its
// batching over frames: probe-store-frames.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { p, setupStore as setup } from '../../testing/probe-store-harness';
import { event, probeData, probeDeletion, systemConfig, type ProbeOverrides } from './probe-fixtures';
import { eventsForDisplay } from './probe-events';
import type { ProbeStore } from './probe-store';
import type { LiveMessage } from '@bpm/protocol';


describe('probe counts (docs/probe-data.md (Probe state))', () => {
  const cases: { rule: string; messages: LiveMessage[]; counts: [number, number, number, number] }[] = [
    {
      rule: "A new probe adds 1 to total and to its state's count",
      messages: [probeData(p('a'), p('b', { stateString: 'Warning' }), p('c', { stateString: 'Critical' }))],
      counts: [3, 1, 1, 1],
    },
    {
      rule: 'an update without a state change changes nothing',
      messages: [probeData(p('a')), probeData(p('a'))],
      counts: [1, 1, 0, 0],
    },
    {
      rule: "A probe whose stateString changes moves 1 from the old state's count to the new one",
      messages: [probeData(p('a')), probeData(p('a', { stateString: 'Critical' }))],
      counts: [1, 0, 0, 1],
    },
    {
      rule: "A deleted probe subtracts 1 from total and from its state's count",
      messages: [probeData(p('a', { stateString: 'Warning' }), p('b')), probeDeletion('a')],
      counts: [1, 1, 0, 0],
    },
    {
      rule: 'deleting an unknown probe changes nothing',
      messages: [probeData(p('a')), probeDeletion('zzz')],
      counts: [1, 1, 0, 0],
    },
    {
      rule: 'a Disabled probe counts in total only',
      messages: [probeData(p('a', { stateString: 'Disabled' }))],
      counts: [1, 0, 0, 0],
    },
    {
      rule: 'moving to Disabled leaves the old state',
      messages: [probeData(p('a', { stateString: 'Warning' })), probeData(p('a', { stateString: 'Disabled' }))],
      counts: [1, 0, 0, 0],
    },
  ];
  it.each(cases)('$rule', ({ messages, counts }) => {
    const { store, apply } = setup();
    apply(...messages);
    const c = store.getCounts();
    expect([c.total, c.normal, c.warning, c.critical]).toEqual(counts);
  });

  it('logs "Unexpected state received" for any state string other than Normal, Warning or Critical', () => {
    const { apply, log } = setup();
    apply(probeData(p('a', { stateString: 'Exploded' }), p('b', { stateString: 'Disabled' }), p('c')));
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith('Unexpected state received', 'Exploded');
  });

  it('a reconnect snapshot replaces the state: probes missing from it go, with their counts', () => {
    const { store, apply, frames } = setup();
    apply(probeData(p('a'), p('b', { stateString: 'Critical' })));
    store.enqueue(probeData(p('b', { stateString: 'Critical' }), p('c')), true);
    frames.shift()!();
    expect([...store.probeIDs()].sort()).toEqual(['b', 'c']);
    expect(store.getCounts()).toEqual({ total: 2, normal: 1, warning: 0, critical: 1 });
  });
  it('forgets everything at reset, and the probes give their history rings back', () => {
    const { store, apply } = setup();
    apply(probeData(p('a')));
    const history = store.getEntry('a')!.history;
    expect(history.samples()).toHaveLength(1);
    store.reset();
    expect(store.size).toBe(0);
    expect(store.getCounts().total).toBe(0);
    // A disposed history reads empty: its ring may now be another probe's.
    expect(history.samples()).toEqual([]);
  });
});

describe('readings kept by the client (docs/data-model.md (Readings kept by the client), docs/probe-data.md)', () => {
  const cases: { rule: string; updates: ProbeOverrides[]; internal: number | null; external: number | null }[] = [
    {
      rule: 'each valid reading is stored as the latest valid one',
      updates: [{ internal: { temperature: 31, valid: true }, external: { temperature: 29, valid: true } }],
      internal: 31,
      external: 29,
    },
    {
      rule: 'an invalid reading keeps the last valid one',
      updates: [{}, { internal: { temperature: 99, valid: false }, external: { temperature: -5, valid: false } }],
      internal: 30,
      external: 28,
    },
    {
      rule: 'a missing reading keeps the last valid one',
      updates: [{}, { internal: null, external: null }],
      internal: 30,
      external: 28,
    },
    {
      rule: 'never a valid reading: none kept',
      updates: [{ internal: { temperature: 1, valid: false }, external: null }],
      internal: null,
      external: null,
    },
    {
      rule: 'a newer valid reading replaces the kept one',
      updates: [{}, { internal: { temperature: 40, valid: true } }],
      internal: 40,
      external: 28,
    },
  ];
  it.each(cases)('$rule', ({ updates, internal, external }) => {
    const { store, apply } = setup();
    for (const u of updates) apply(probeData(p('a', u)));
    expect(store.getEntry('a')!.lastValidInternal).toBe(internal);
    expect(store.getEntry('a')!.lastValidExternal).toBe(external);
  });

  it('probeDeletion removes the probe and its stored readings', () => {
    const { store, apply } = setup();
    apply(probeData(p('a')), probeDeletion('a'), probeData(p('a', { internal: null, external: null })));
    expect(store.getEntry('a')!.lastValidInternal).toBeNull();
    expect(store.getEntry('a')!.lastValidExternal).toBeNull();
  });
});

describe('events (docs/probe-data.md (Client event rules))', () => {
  it('1. an incoming event removes the events it cancels from the suppressed list', () => {
    const { apply, codes } = setup();
    apply(probeData(p('a', { suppressedEvents: [event(10)] })));
    apply(probeData(p('a', { suppressedEvents: [event(11)] })));
    expect(codes('a').suppressed).toEqual([11]);
  });

  it('2. a non-suppressed event also removes them from the current list', () => {
    const { apply, codes } = setup();
    apply(probeData(p('a', { events: [event(10), event(20)] })));
    apply(probeData(p('a', { events: [event(11)] })));
    expect(codes('a').current).toEqual([11, 20]);
  });

  it('2. a suppressed event leaves the current list alone', () => {
    const { apply, codes } = setup();
    apply(probeData(p('a', { events: [event(10)], suppressedEvents: [event(11)] })));
    apply(probeData(p('a', { events: [event(20)], suppressedEvents: [event(14)] })));
    expect(codes('a')).toEqual({ current: [10, 20], suppressed: [14] });
  });

  it('3. events are keyed by code: the same code replaces the earlier one', () => {
    const { store, apply } = setup();
    apply(probeData(p('a', { events: [event(20, { value: 19, threshold: 20 })] })));
    apply(probeData(p('a', { events: [event(20, { value: 18, threshold: 20 })] })));
    expect([...store.getEntry('a')!.lists.current.values()].map((e) => e.eventString)).toEqual([
      'Battery 18 % at or below warning 20 %',
    ]);
  });

  it('4. a non-persistent event is removed after 5 s; a persistent one stays', () => {
    const { apply, ticks, codes } = setup();
    apply(probeData(p('a', { events: [event(23), event(20)] })));
    ticks(49);
    expect(codes('a').current).toEqual([20, 23]);
    ticks(1);
    expect(codes('a').current).toEqual([20]);
  });

  it('4. a repeat of a non-persistent event gets its own 5 s', () => {
    const { apply, ticks, codes } = setup();
    apply(probeData(p('a', { events: [event(23)] })));
    ticks(30);
    apply(probeData(p('a', { events: [event(23)] })));
    ticks(20);
    expect(codes('a').current).toEqual([23]);
    ticks(30);
    expect(codes('a').current).toEqual([]);
  });

  it('5. an update with no events while suppressed events exist clears the current events', () => {
    const { apply, codes } = setup();
    apply(probeData(p('a', { events: [event(10), event(20)] })));
    apply(probeData(p('a', { suppressedEvents: [event(10)] })));
    expect(codes('a')).toEqual({ current: [], suppressed: [10] });
  });

  it('5. an update with no events and no suppressed events keeps the current events', () => {
    const { apply, codes } = setup();
    apply(probeData(p('a', { events: [event(20)] })));
    apply(probeData(p('a')));
    expect(codes('a').current).toEqual([20]);
  });

  it('6. an update with no suppressed events clears the suppressed list', () => {
    const { apply, codes } = setup();
    apply(probeData(p('a', { suppressedEvents: [event(32)] })));
    apply(probeData(p('a', { events: [event(20)] })));
    expect(codes('a')).toEqual({ current: [20], suppressed: [] });
  });

  it('display: Critical, Warning, Info, Success, current before suppressed', () => {
    const { store, apply } = setup();
    apply(probeData(p('a', { events: [event(23), event(22), event(20), event(0)], suppressedEvents: [event(11), event(32)] })));
    const shown = eventsForDisplay(store.getEntry('a')!.lists).map((e) => [e.event, e.suppressed]);
    expect(shown).toEqual([
      [0, false],
      [20, false],
      [23, false],
      [22, false],
      [11, true],
      [32, true],
    ]);
  });

  it('eventsCancelledByThisEvent comes from eventsCancelled[].id', () => {
    const { store, apply } = setup();
    apply(probeData(p('a', { events: [event(22)] })));
    expect(store.getEntry('a')!.lists.current.get(22)!.eventsCancelledByThisEvent).toEqual([20, 21]);
  });
});

describe('watchdog (docs/probe-data.md (Client watchdog))', () => {
  const watchdog = (s: ProbeStore, id = 'a') => s.watchdog(s.getEntry(id)!);

  it('initial: timeoutSeconds 5, timeRemaining 5, not alerted', () => {
    const { store, apply } = setup();
    apply(probeData(p('a')));
    expect(watchdog(store)).toEqual({ timeoutSeconds: 5, timeRemaining: 5, alerted: false });
  });

  it('tick: every 100 ms of the shared clock, timeRemaining decreases by 0.1', () => {
    vi.useFakeTimers();
    try {
      const { store, apply } = setup();
      apply(probeData(p('a')));
      const stop = store.startClock();
      vi.advanceTimersByTime(1200);
      expect(watchdog(store).timeRemaining).toBe(3.8);
      stop();
      vi.advanceTimersByTime(1000);
      expect(watchdog(store).timeRemaining).toBe(3.8);
    } finally {
      vi.useRealTimers();
    }
  });

  it('expiry: on reaching 0, timeRemaining is 0 and the watchdog is alerted', () => {
    const { store, apply, ticks } = setup();
    apply(probeData(p('a')));
    ticks(49);
    expect(watchdog(store)).toEqual({ timeoutSeconds: 5, timeRemaining: 0.1, alerted: false });
    ticks(1);
    expect(watchdog(store)).toEqual({ timeoutSeconds: 5, timeRemaining: 0, alerted: true });
    ticks(10);
    expect(watchdog(store).timeRemaining).toBe(0);
  });

  it('new timeout: a different timeoutSeconds resets timeout and timeRemaining to it', () => {
    const { store, apply, ticks } = setup();
    apply(probeData(p('a')));
    ticks(20);
    apply(systemConfig(12));
    expect(watchdog(store)).toEqual({ timeoutSeconds: 12, timeRemaining: 12, alerted: false });
    ticks(20);
    apply(systemConfig(12));
    expect(watchdog(store).timeRemaining).toBe(10);
  });

  it('on an update carrying event 0 (current or suppressed) the watchdog becomes alerted', () => {
    for (const overrides of [{ events: [event(0)] }, { suppressedEvents: [event(0)] }]) {
      const { store, apply } = setup();
      apply(probeData(p('a')));
      apply(probeData(p('a', overrides)));
      expect(watchdog(store).alerted).toBe(true);
    }
  });

  it('on any other update it is reset: not alerted, full time', () => {
    const { store, apply, ticks } = setup();
    apply(probeData(p('a', { events: [event(0)] })));
    ticks(60);
    expect(watchdog(store).alerted).toBe(true);
    apply(probeData(p('a', { events: [event(1)] })));
    expect(watchdog(store)).toEqual({ timeoutSeconds: 5, timeRemaining: 5, alerted: false });
  });
});
