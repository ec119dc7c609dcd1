// Log timestamps (docs/data-model.md (Log entry)): nanosecond epoch decimal strings, shown in 24-hour local time.
import { formatDateTimeMs } from '../../lib/date-format';

/** Nanosecond epoch as a decimal string → milliseconds; BigInt keeps the digits a double would round. */
export function nanosecondsToMs(ts: string): number {
  return Number(BigInt(ts) / 1_000_000n);
}

/** A log timestamp in 24-hour local time with milliseconds, e.g. "2026-11-23 17:05:09.123". */
export function formatLogTime(ts: string): string {
  return formatDateTimeMs(nanosecondsToMs(ts));
}
