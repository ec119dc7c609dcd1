import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-23T09:00:00.000Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs);

describe('relativeTime', () => {
  it.each([
    [0, 0, 'today'],
    [1, -1, 'today'],
    [1, 0, 'yesterday'],
    [2, -1, 'yesterday'],
    [2, 0, '2 days ago'],
    [7, -1, '6 days ago'],
    [7, 0, '1 week ago'],
    [14, 0, '2 weeks ago'],
    [30, -1, '4 weeks ago'],
    [30, 0, '1 month ago'],
    [60, 0, '2 months ago'],
    [365, -1, '12 months ago'],
    [365, 0, '1 year ago'],
    [800, 0, '2 years ago'],
  ])('%i days (%i ms) ago reads "%s"', (days, extraMs, expected) => {
    expect(relativeTime(ago(days, extraMs), now)).toBe(expected);
  });

  it('accepts ISO strings and treats a future time as today', () => {
    expect(relativeTime('2026-11-20T09:00:00.000Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-24T09:00:00.000Z', now)).toBe('today');
  });
});
