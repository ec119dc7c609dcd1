// The single watchdog schedule: due probes come out once, never early, at most one slot late.
import { describe, expect, it } from 'vitest';
import { WatchdogSchedule } from './watchdog-schedule.js';

describe('WatchdogSchedule', () => {
  it('returns a probe once its expiry has passed, and only once', () => {
    const schedule = new WatchdogSchedule(100, 1_000);
    schedule.schedule('A', 1_250);
    expect(schedule.takeDue(1_249)).toEqual([]);
    expect(schedule.takeDue(1_300)).toEqual(['A']);
    expect(schedule.takeDue(5_000)).toEqual([]);
    expect(schedule.size).toBe(0);
  });

  it('moving a probe replaces its earlier entry', () => {
    const schedule = new WatchdogSchedule(100, 0);
    schedule.schedule('A', 1_000);
    schedule.schedule('A', 3_000);
    expect(schedule.size).toBe(1);
    expect(schedule.takeDue(2_000)).toEqual([]);
    expect(schedule.takeDue(3_000)).toEqual(['A']);
  });

  it('a cancelled probe never comes out', () => {
    const schedule = new WatchdogSchedule(100, 0);
    schedule.schedule('A', 1_000);
    schedule.cancel('A');
    expect(schedule.takeDue(10_000)).toEqual([]);
  });

  it('an expiry already in the past comes out on the next tick', () => {
    const schedule = new WatchdogSchedule(100, 0);
    expect(schedule.takeDue(5_000)).toEqual([]);
    schedule.schedule('A', 1_000);
    expect(schedule.takeDue(5_000)).toEqual([]);
    expect(schedule.takeDue(5_100)).toEqual(['A']);
  });

  it('keeps one entry per probe however often it moves (memory bounded by the probe count)', () => {
    const schedule = new WatchdogSchedule(100, 0);
    for (let i = 0; i < 10_000; i++) schedule.schedule(`P-${i % 50}`, 1_000 + i * 7);
    expect(schedule.size).toBe(50);
    expect(schedule.takeDue(1_000_000).sort()).toHaveLength(50);
  });
});
