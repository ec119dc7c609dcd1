import { describe, expect, it } from 'vitest';
import { formatLogTime, nanosecondsToMs } from './log-time';

describe('log times', () => {
  it('converts nanosecond strings beyond double precision to milliseconds exactly', () => {
    expect(nanosecondsToMs('1795424109123456789')).toBe(1795424109123);
  });

  it('formats log times in 24-hour form with milliseconds', () => {
    const ms = new Date(2026, 10, 23, 17, 5, 9, 123).getTime();
    expect(formatLogTime(`${ms}000000`)).toBe('2026-11-23 17:05:09.123');
  });
});
