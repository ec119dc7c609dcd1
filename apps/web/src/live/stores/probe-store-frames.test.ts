// The live store's batching (docs/live-feed.md (Message handling)): messages applied once per frame within
// its budgets, holds, and when listeners are told.
import { describe, expect, it, vi } from 'vitest';
import { p, setupStore as setup } from '../../testing/probe-store-harness';
import { newProbesPerFrame, notifyApartAfterMs, notifyApartMinProbes } from './feed-queue';
import { probeData, probeDeletion, systemConfig } from './probe-fixtures';
import { ProbeStore } from './probe-store';
import type { LiveMessage } from '@bpm/protocol';
import { manualFrames } from '../../testing/manual-frames';

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
      scheduler: manualFrames({ frames, tasks, elapsedMs: () => (ticking ? (clock += 5) : clock) }).scheduler,
      now: () => 0,
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
      now: () => 0,
      // The flush reads the clock when it starts and when it has applied: the second read is applyTakesMs later.
      scheduler: manualFrames({ frames, tasks, elapsedMs: () => (clock += applyTakesMs) }).scheduler,
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
    store.enqueue(probeData(...ids.map((id, i) => p(id, { stateString: states[i % 3] }))), true);
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
