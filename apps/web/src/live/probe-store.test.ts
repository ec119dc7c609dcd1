// The live store, table-driven from docs/probe-data.md's sentences: counts, readings, events, watchdog, batching.
import { describe, expect, it, vi } from 'vitest';
import { event, makeProbe, probeData, probeDeletion, systemConfig, type ProbeOverrides } from './probe-fixtures';
import { eventsForDisplay } from './probe-events';
import { newProbesPerFrame, notifyApartAfterMs, notifyApartMinProbes, ProbeStore } from './probe-store';
import type { LiveMessage } from '@bpm/protocol';

function setup() {
  const frames: (() => void)[] = [];
  const log = { warn: vi.fn() };
  // A clock that stands still: no frame runs out of budget or takes long enough to tell its listeners apart.
  const store = new ProbeStore({ scheduleFrame: (f) => frames.push(f), now: () => 0, elapsedMs: () => 0, log });
  const apply = (...messages: LiveMessage[]) => {
    for (const m of messages) store.enqueue(m);
    while (frames.length) frames.shift()!();
  };
  const ticks = (n: number) => {
    for (let i = 0; i < n; i++) store.advanceClock();
  };
  const codes = (id: string) => {
    const e = store.getEntry(id)!;
    return { current: [...e.lists.current.keys()].sort(), suppressed: [...e.lists.suppressed.keys()].sort() };
  };
  return { store, apply, ticks, frames, log, codes };
}
const p = (id: string, o: ProbeOverrides = {}) => makeProbe(id, o);

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
  it('a snapshot sent in chunks keeps every probe it lists, removing only those it does not', () => {
    const { store, apply, frames } = setup();
    apply(probeData(p('a'), p('b'), p('gone')));
    store.enqueue(probeData(p('a')), true, ['a', 'b']);
    store.enqueue(probeData(p('b')));
    frames.shift()!();
    expect([...store.probeIDs()].sort()).toEqual(['a', 'b']);
    expect(store.getCounts().total).toBe(2);
  });
});

describe('messages (docs/live-feed.md (Message handling))', () => {
  it('applies queued messages once per frame, notifying each changed probe once', () => {
    const { store, frames } = setup();
    const seen = vi.fn();
    const batches = vi.fn();
    store.subscribeProbe('a', seen);
    store.subscribeBatch(batches);
    store.enqueue(probeData(p('a')));
    store.enqueue(probeData(p('a', { batteryPercentage: 50 })));
    expect(store.getEntry('a')).toBeUndefined();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(store.getEntry('a')!.probe.batteryPercentage).toBe(50);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(batches).toHaveBeenCalledWith({ changed: new Set(['a']), membershipChanged: true });
  });

  it('a large batch is applied across frames within the per-frame budget', () => {
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    let clock = 0;
    let ticking = false;
    const store = new ProbeStore({
      scheduleFrame: (f) => frames.push(f),
      scheduleTask: (run) => tasks.push(run),
      now: () => 0,
      elapsedMs: () => (ticking ? (clock += 5) : clock),
      log: { warn: vi.fn() },
    });
    const ids = Array.from({ length: 600 }, (_, i) => `P-${i}`);
    store.enqueue(probeData(...ids.map((id) => p(id))), true);
    while (frames.length) frames.shift()!();
    const batches: number[] = [];
    store.subscribeBatch((b) => batches.push(b.changed.size));
    ticking = true;
    store.enqueue(probeData(...ids.map((id) => p(id, { batteryPercentage: 10 }))));
    store.enqueue(probeDeletion('P-0'));
    frames.shift()!();
    expect(store.getEntry('P-511')!.probe.batteryPercentage).toBe(10);
    expect(store.getEntry('P-512')!.probe.batteryPercentage).toBe(83.5);
    expect(frames).toHaveLength(1);
    // Each frame applied for longer than notifyApartAfterMs: its listeners are told in a task of its own.
    expect(batches).toEqual([]);
    tasks.shift()!();
    expect(batches).toEqual([512]);
    frames.shift()!();
    expect(store.size).toBe(599);
    expect(store.getCounts().total).toBe(599);
    // The last 88 probes: fewer than notifyApartMinProbes, told at once.
    expect(batches).toEqual([512, 89]);
    expect(tasks).toHaveLength(0);
    expect(frames).toHaveLength(0);
  });

  it('a frame that applied for notifyApartAfterMs tells its listeners in the next task; a quick one at once', () => {
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    let clock = 0;
    let applyTakesMs = 0;
    const store = new ProbeStore({
      scheduleFrame: (f) => frames.push(f),
      scheduleTask: (run) => tasks.push(run),
      now: () => 0,
      // The flush reads the clock when it starts and when it has applied: the second read is applyTakesMs later.
      elapsedMs: () => (clock += applyTakesMs),
      log: { warn: vi.fn() },
    });
    const told: string[] = [];
    store.subscribeProbe('a', () => told.push(`a ${store.getEntry('a')!.probe.batteryPercentage}`));
    store.subscribeBatch((b) => told.push(`batch ${[...b.changed].join(',')}`));
    store.subscribeSummary(() => told.push(`summary ${store.getCounts().total}`));

    applyTakesMs = notifyApartAfterMs - 1;
    store.enqueue(probeData(p('a', { batteryPercentage: 10 })));
    frames.shift()!();
    expect(told).toEqual(['a 10', 'batch a', 'summary 1']);
    expect(tasks).toHaveLength(0);

    // As long, but a handful of probes: still at once.
    told.length = 0;
    applyTakesMs = notifyApartAfterMs;
    store.enqueue(probeData(p('a', { batteryPercentage: 15 })));
    frames.shift()!();
    expect(told).toEqual(['a 15', 'batch a']);
    expect(tasks).toHaveLength(0);

    told.length = 0;
    const others = Array.from({ length: notifyApartMinProbes - 1 }, (_, i) => p(`b${i}`));
    store.enqueue(probeData(p('a', { batteryPercentage: 20 }), ...others));
    frames.shift()!();
    expect(told).toEqual([]);
    tasks.shift()!();
    expect(told).toEqual(['a 20', `batch ${['a', ...others.map((o) => o.probeID)].join(',')}`, 'summary 100']);

    // A notice still waiting when the next frame comes is told first, so listeners see the flushes in order.
    told.length = 0;
    store.enqueue(probeData(p('a', { batteryPercentage: 30 }), ...others));
    frames.shift()!();
    store.enqueue(probeData(p('a', { batteryPercentage: 40 })));
    applyTakesMs = 0;
    frames.shift()!();
    expect(told.map((t) => t.slice(0, 7))).toEqual(['a 30', 'batch a', 'a 40', 'batch a']);
    // Its task, run later, tells nothing twice.
    tasks.shift()!();
    expect(told).toHaveLength(4);
  });

  it('a snapshot filling the store adds at most newProbesPerFrame probes per frame, in order, counts matching the rows', () => {
    const { store, frames } = setup();
    const states = ['Normal', 'Warning', 'Critical'];
    const ids = Array.from({ length: 1000 }, (_, i) => `P-${String(i).padStart(4, '0')}`);
    const seen: { size: number; total: number; critical: number; ids: string[] }[] = [];
    store.subscribeBatch(() => {
      const entries = [...store.allEntries()];
      seen.push({
        size: store.size,
        total: store.getCounts().total,
        critical: store.getCounts().critical,
        ids: entries.map((e) => e.probe.probeID),
      });
    });
    for (let start = 0; start < ids.length; start += 250) {
      const chunk = ids.slice(start, start + 250).map((id, i) => p(id, { stateString: states[(start + i) % 3] }));
      store.enqueue(probeData(...chunk), start === 0, start === 0 ? ids : undefined);
    }
    // An update of a probe already applied waits behind the snapshot and lands on it, not before it.
    store.enqueue(probeData(p('P-0000', { stateString: 'Critical' })));
    while (frames.length) frames.shift()!();
    expect(seen.map((s) => s.size)).toEqual([newProbesPerFrame, 2 * newProbesPerFrame, 3 * newProbesPerFrame, 1000]);
    for (const [frame, s] of seen.entries()) {
      expect(s.total).toBe(s.size);
      expect(s.ids).toEqual(ids.slice(0, s.size));
      // The last frame also applied the update that made P-0000 Critical.
      expect(s.critical).toBe(s.ids.filter((_, i) => i % 3 === 2).length + (frame === seen.length - 1 ? 1 : 0));
    }
    expect(store.getCounts()).toEqual({ total: 1000, normal: 333, warning: 333, critical: 334 });
    expect(store.getEntry('P-0000')!.probe.state.stateString).toBe('Critical');
  });

  it('updates of known probes are not held back by the new-probe limit', () => {
    const { store, apply, frames } = setup();
    const ids = Array.from({ length: 1000 }, (_, i) => `P-${i}`);
    apply(probeData(...ids.map((id) => p(id))));
    const batches: number[] = [];
    store.subscribeBatch((b) => batches.push(b.changed.size));
    store.enqueue(probeData(...ids.map((id) => p(id, { stateString: 'Warning' }))));
    frames.shift()!();
    expect(batches).toEqual([1000]);
    expect(store.getCounts().warning).toBe(1000);
  });

  it('a held store keeps queued messages until the hold is released, then applies them in the next frame', () => {
    const { store, frames } = setup();
    const release = store.holdMessages(1000);
    store.enqueue(probeData(p('a')));
    while (frames.length) frames.shift()!();
    expect(store.getEntry('a')).toBeUndefined();
    release();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(store.getCounts().total).toBe(1);
    // A second release of the same hold changes nothing.
    release();
    expect(frames).toHaveLength(0);
  });

  it('a hold ends by itself after its longest wait, so the feed never stalls', () => {
    vi.useFakeTimers();
    try {
      const { store, frames } = setup();
      store.holdMessages(1000);
      store.enqueue(probeData(p('a')));
      while (frames.length) frames.shift()!();
      vi.advanceTimersByTime(999);
      expect(frames).toHaveLength(0);
      vi.advanceTimersByTime(1);
      frames.shift()!();
      expect(store.getEntry('a')).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('under a probe-data hold only systemConfig at the head of the queue applies; the rest waits, in order, for the release', () => {
    const { store, frames } = setup();
    const release = store.holdProbeData(1000);
    store.enqueue(systemConfig(12));
    store.enqueue(probeData(p('a')));
    store.enqueue(systemConfig(7));
    while (frames.length) frames.shift()!();
    expect(store.getSystemInfo()!.timeoutSeconds).toBe(12);
    expect(store.getEntry('a')).toBeUndefined();
    release();
    while (frames.length) frames.shift()!();
    expect(store.getEntry('a')).toBeDefined();
    // The later systemConfig came after the probe, and was applied after it: its new timeout reset the probe's watchdog.
    expect(store.getSystemInfo()!.timeoutSeconds).toBe(7);
    expect(store.watchdog(store.getEntry('a')!).timeRemaining).toBe(7);
  });

  it("calls a message's onApplied once the whole message has been applied, a large one in its last frame", () => {
    let now = 0;
    const frames: (() => void)[] = [];
    const store = new ProbeStore({ scheduleFrame: (f) => frames.push(f), now: () => 0, elapsedMs: () => now });
    const applied = vi.fn();
    store.enqueue(probeData(...Array.from({ length: newProbesPerFrame + 10 }, (_, i) => p(`n${i}`))), false, undefined, applied);
    frames.shift()!();
    expect(store.size).toBe(newProbesPerFrame);
    expect(applied).not.toHaveBeenCalled();
    now += 16;
    frames.shift()!();
    expect(store.size).toBe(newProbesPerFrame + 10);
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('systemConfig replaces the system configuration', () => {
    const { store, apply } = setup();
    expect(store.getSystemInfo()).toBeNull();
    apply(systemConfig(12));
    expect(store.getSystemInfo()!.timeoutSeconds).toBe(12);
  });

  it('an unknown messageType is logged and ignored', () => {
    const { store, apply, log } = setup();
    apply({ messageType: 'hello' } as unknown as LiveMessage);
    expect(log.warn).toHaveBeenCalledWith('Unknown message type', 'hello');
    expect(store.size).toBe(0);
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
