import { describe, expect, it } from 'vitest';
import { formatDateTimeWithOffset, formatLogTime, nanosecondsToMs } from './date-format';

describe('date formats', () => {
  it('converts nanosecond strings beyond double precision to milliseconds exactly', () => {
    expect(nanosecondsToMs('1795424109123456789')).toBe(1795424109123);
  });

  it('formats log times in 24-hour form with milliseconds', () => {
    const ms = new Date(2026, 10, 23, 17, 5, 9, 123).getTime();
    expect(formatLogTime(`${ms}000000`)).toBe('2026-11-23 17:05:09.123');
  });

  it('shows the UTC offset in the full date-time', () => {
    expect(formatDateTimeWithOffset('2026-11-23T09:15:02.000Z')).toMatch(/^2026-11-2\d \d\d:\d\d:02 UTC[+-]\d\d:\d\d$/);
  });
});
