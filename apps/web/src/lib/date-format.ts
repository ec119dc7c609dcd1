// Date and time formats shown across the app: a short date, the full date-time with UTC offset, and
// log timestamps (24-hour, from nanosecond epoch strings).
import dayjs from 'dayjs';

/** e.g. "2026-11-23". */
export function formatDate(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DD');
}

/** e.g. "2026-11-23 09:15:02 UTC+01:00" (spec: the full date-time and UTC offset on hover). */
export function formatDateTimeWithOffset(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DD HH:mm:ss [UTC]Z');
}

/** Nanosecond epoch as a decimal string → milliseconds; BigInt keeps the digits a double would round. */
export function nanosecondsToMs(ts: string): number {
  return Number(BigInt(ts) / 1_000_000n);
}

/** A log timestamp in 24-hour local time with milliseconds, e.g. "2026-11-23 17:05:09.123". */
export function formatLogTime(ts: string): string {
  return dayjs(nanosecondsToMs(ts)).format('YYYY-MM-DD HH:mm:ss.SSS');
}
