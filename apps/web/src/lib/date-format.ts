// Every date and time the web app shows, in one 24-hour, unambiguous, ISO-like form (docs/screens.md (Dates and
// times)): "2026-12-06 14:03:09", its date "2026-12-06" or its time "14:03:09", all in local time. Two spec-fixed
// forms stay as the spec words them: the watchdog's expiry in Probe Details and the logs download's file name.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

type DateValue = string | number | Date;

const dateFormat = 'YYYY-MM-DD';
const timeFormat = 'HH:mm:ss';
const dateTimeFormat = `${dateFormat} ${timeFormat}`;

/** The date inputs' display and parse format (e.g. the new key's Expiration), the same as shown dates. */
export const dateInputFormat = dateFormat;

/** e.g. "2026-12-06 14:03:09". */
export const formatDateTime = (value: DateValue): string => dayjs(value).format(dateTimeFormat);

/** e.g. "2026-12-06". */
export const formatDate = (value: DateValue): string => dayjs(value).format(dateFormat);

/** e.g. "14:03:09": where a screen shows only a time of the moment (the stale-data banner). */
export const formatTime = (value: DateValue): string => dayjs(value).format(timeFormat);

/** e.g. "14:03": an hour's bounds on a chart. */
export const formatHourMinute = (value: DateValue): string => dayjs(value).format('HH:mm');

/** e.g. "2026-12-06 14:03:09.123": log entries, where entries within a second need their order shown. */
export const formatDateTimeMs = (value: DateValue): string => dayjs(value).format(`${dateTimeFormat}.SSS`);

/** formatDateTime in its two pieces, the date and the time, so a narrow column can wrap between them and nowhere else. */
export function dateTimeParts(value: DateValue): { day: string; time: string } {
  const at = dayjs(value);
  return { day: at.format(dateFormat), time: at.format(timeFormat) };
}

/** e.g. "UTC+01:00" for a moment when local time is one hour ahead of UTC. */
export const utcOffsetOf = (value: DateValue): string => `UTC${dayjs(value).format('Z')}`;

/** e.g. "2026-12-06 14:03:09 UTC+01:00": the hover text of the Users' and Roles' dates. */
export const formatDateTimeWithOffset = (value: DateValue): string => `${formatDateTime(value)} ${utcOffsetOf(value)}`;

/** e.g. "2026-12-06 14:03:09 UTC+01:00 (Europe/Paris)": the hover text of an API key's expiration. */
export const formatDateTimeWithZone = (value: DateValue): string => `${formatDateTimeWithOffset(value)} (${dayjs.tz.guess()})`;

/** What someone typed into a date input ("2026-11-24", "November 24, 2026") as "YYYY-MM-DD", or null. */
export function parseDay(input: string): string | null {
  const parsed = dayjs(input);
  return parsed.isValid() ? parsed.format(dateFormat) : null;
}

/** The watchdog's expiry as Probe Details words it, "06/12/2026 14:03:09": the spec fixes this one (docs/screens.md (Probe Details modal)). */
export const formatWatchdogExpiry = (value: DateValue): string => dayjs(value).format('DD/MM/YYYY HH:mm:ss');

/** e.g. "2026-12-06_14-03-09-123": a moment in a file name (the logs download's, docs/screens.md (Logs)). */
export const fileNameTimestamp = (value: DateValue): string => dayjs(value).format('YYYY-MM-DD_HH-mm-ss-SSS');

/**
 * A time axis's tick labels (uPlot splits, in seconds): "14:00", with the date on a second line at the first tick
 * and at each new day, instead of uPlot's own 12-hour, month-first labels.
 */
export function timeAxisLabels(splitsSeconds: readonly number[]): string[] {
  let lastDay = '';
  return splitsSeconds.map((seconds) => {
    const at = dayjs(seconds * 1000);
    const day = at.format(dateFormat);
    const time = at.format('HH:mm');
    if (day === lastDay) return time;
    lastDay = day;
    return `${time}\n${day}`;
  });
}
