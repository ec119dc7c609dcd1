// The open list's order and the per-hour series with flood hours.
import type { Alarm } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { compareOpenAlarms } from './alarm-display';
import { hourlySeries, hourSlotLabel, hourSlotsRange } from './components/alarms-per-hour-chart';

const a = (id: number, state: Alarm['state'], eventType: Alarm['eventType'], raisedAt: string) =>
  ({ id, state, eventType, raisedAt }) as Alarm;

describe('compareOpenAlarms', () => {
  it('puts unacknowledged first, then Critical, then newest', () => {
    const list = [
      a(1, 'acknowledged', 'Critical', '2026-11-23T10:05:00.000Z'),
      a(2, 'unacknowledged', 'Warning', '2026-11-23T10:06:00.000Z'),
      a(3, 'unacknowledged', 'Critical', '2026-11-23T10:01:00.000Z'),
      a(4, 'unacknowledged', 'Critical', '2026-11-23T10:02:00.000Z'),
      a(5, 'shelved', 'Critical', '2026-11-23T10:09:00.000Z'),
    ];
    expect([...list].sort(compareOpenAlarms).map((x) => x.id)).toEqual([4, 3, 2, 1, 5]);
  });

  it('puts those the probe assignment has suppressed from the start after all others, even an unacknowledged Critical one', () => {
    const suppressed = (alarm: Alarm) => ({ ...alarm, suppressed: true, annunciated: false, clearedAt: null });
    const list = [
      suppressed(a(1, 'unacknowledged', 'Critical', '2026-11-23T10:09:00.000Z')),
      a(2, 'shelved', 'Warning', '2026-11-23T10:01:00.000Z'),
      // A shelved alarm is suppressed too, by someone's choice: it keeps its place.
      suppressed(a(3, 'shelved', 'Warning', '2026-11-23T10:02:00.000Z')),
      a(4, 'unacknowledged', 'Warning', '2026-11-23T10:00:00.000Z'),
      suppressed(a(5, 'acknowledged', 'Warning', '2026-11-23T10:08:00.000Z')),
    ];
    expect([...list].sort(compareOpenAlarms).map((x) => x.id)).toEqual([4, 3, 2, 1, 5]);
  });
});

describe('hourlySeries', () => {
  it('fills every hour of the range and moves flood hours to their own series', () => {
    const series = hourlySeries({
      from: '2026-11-23T08:30:00.000Z',
      to: '2026-11-23T11:10:00.000Z',
      perHour: [
        { hour: '2026-11-23T09:00:00.000Z', count: 4 },
        { hour: '2026-11-23T10:00:00.000Z', count: 14 },
      ],
      floods: [{ start: '2026-11-23T10:20:00.000Z', end: '2026-11-23T10:30:00.000Z', count: 12 }],
    });
    expect(series.normal).toEqual([0, 4, null, 0]);
    expect(series.flood).toEqual([null, null, 14, null]);
  });

  it("stands each bar in the middle of its hour; the axis runs from the first hour's start to the last one's end", () => {
    const series = hourlySeries({
      from: '2026-11-23T08:30:00.000Z',
      to: '2026-11-23T11:10:00.000Z',
      perHour: [],
      floods: [],
    });
    const seconds = (iso: string) => Date.parse(iso) / 1000;
    expect(series.x).toEqual(['08:30', '09:30', '10:30', '11:30'].map((t) => seconds(`2026-11-23T${t}:00.000Z`)));
    // The current hour (11:00–12:00) is drawn whole, not cut at the chart's right edge.
    expect(hourSlotsRange(series.x[0]!, series.x.at(-1)!)).toEqual([
      seconds('2026-11-23T08:00:00.000Z'),
      seconds('2026-11-23T12:00:00.000Z'),
    ]);
  });

  it("names a bar's whole hour in the legend", () => {
    const middle = new Date(2026, 10, 27, 7, 30).getTime() / 1000;
    expect(hourSlotLabel(middle)).toBe('2026-11-27 07:00–08:00');
    expect(hourSlotLabel(new Date(2026, 10, 27, 23, 30).getTime() / 1000)).toBe('2026-11-27 23:00–00:00');
  });
});
