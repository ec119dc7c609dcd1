// The one date format of docs/screens.md (Dates and times): 24-hour, year first, local time.
import { describe, expect, it } from 'vitest';
import {
  dateTimeParts,
  fileNameTimestamp,
  formatDate,
  formatDateTime,
  formatDateTimeMs,
  formatDateTimeWithOffset,
  formatDateTimeWithZone,
  formatTime,
  formatWatchdogExpiry,
  parseDay,
  timeAxisLabels,
  utcOffsetOf,
} from './date-format';

// 6 December 2026, 14:03:09.042 local: an afternoon hour and a day below 13, so a 12-hour clock or a
// month-first date would show.
const at = new Date(2026, 11, 6, 14, 3, 9, 42);

describe('date format', () => {
  it('shows a date-time as YYYY-MM-DD HH:mm:ss, from a Date, an ISO string or epoch milliseconds', () => {
    expect(formatDateTime(at)).toBe('2026-12-06 14:03:09');
    expect(formatDateTime(at.toISOString())).toBe('2026-12-06 14:03:09');
    expect(formatDateTime(at.getTime())).toBe('2026-12-06 14:03:09');
  });

  it('shows the date and the time alone in the same form', () => {
    expect(formatDate(at)).toBe('2026-12-06');
    expect(formatTime(at)).toBe('14:03:09');
    expect(formatTime(new Date(2026, 11, 6, 0, 5, 0))).toBe('00:05:00');
    expect(dateTimeParts(at)).toEqual({ day: '2026-12-06', time: '14:03:09' });
  });

  it('adds milliseconds for log entries', () => {
    expect(formatDateTimeMs(at)).toBe('2026-12-06 14:03:09.042');
  });

  it('hover texts add the UTC offset, and the time zone name for API keys', () => {
    const offset = utcOffsetOf(at);
    expect(offset).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
    expect(formatDateTimeWithOffset(at)).toBe(`2026-12-06 14:03:09 ${offset}`);
    const withZone = formatDateTimeWithZone(at);
    expect(withZone.startsWith(`2026-12-06 14:03:09 ${offset} (`)).toBe(true);
    expect(withZone).toMatch(/\([A-Za-z_]+(\/[A-Za-z_+-]+)*\)$/);
  });

  it('keeps the two forms the spec fixes: the watchdog expiry and the logs file name', () => {
    expect(formatWatchdogExpiry(at)).toBe('06/12/2026 14:03:09');
    expect(fileNameTimestamp(at)).toBe('2026-12-06_14-03-09-042');
  });

  it('reads a typed day in either form as YYYY-MM-DD, and nothing from text that is not a date', () => {
    expect(parseDay('2026-11-24')).toBe('2026-11-24');
    expect(parseDay('November 24, 2026')).toBe('2026-11-24');
    expect(parseDay('soon')).toBeNull();
  });

  it('labels a time axis in 24-hour time, with the date at the first tick and at each new day', () => {
    const seconds = (hour: number, day = 6) => new Date(2026, 11, day, hour).getTime() / 1000;
    expect(timeAxisLabels([seconds(22), seconds(23), seconds(0, 7), seconds(13, 7)])).toEqual([
      '22:00\n2026-12-06',
      '23:00',
      '00:00\n2026-12-07',
      '13:00',
    ]);
  });
});
