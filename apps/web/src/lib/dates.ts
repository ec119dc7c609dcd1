// Date display shared by the features: a short date, the full date-time with either the time zone's name
// (API keys, docs/screens.md) or the UTC offset (Users table) for the hover text, and an event's day and
// time to the second (alarms).

/** e.g. "Nov 24, 2026" in the browser's locale. */
export function formatShortDate(value: string | Date): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(value));
}

// Built once: the alarm lists format two times per row at every live change, and a formatter costs far more to build
// than to use.
let eventTimeFormatter: Intl.DateTimeFormat | undefined;
const eventTimeFormat = () =>
  (eventTimeFormatter ??= new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

/** e.g. "Nov 23, 14:05:09" in the browser's locale: when an event happened (alarms). */
export function formatEventTime(value: string | Date): string {
  return eventTimeFormat().format(new Date(value));
}

/**
 * The same text in two pieces, the day ("Nov 23,") and the time ("14:05:09"), so a narrow column can wrap between
 * them and nowhere else.
 */
export function eventTimeParts(value: string | Date): { day: string; time: string } {
  const parts = eventTimeFormat().formatToParts(new Date(value));
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return { day: text(0, hour).trim(), time: text(hour).trim() };
}

/** e.g. "Tuesday, November 24, 2026 at 11:59:59 PM Greenwich Mean Time". */
export function formatDateTimeWithZone(value: string | Date): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'full' }).format(new Date(value));
}

/** "UTC+01:00" for a date whose local offset is one hour ahead of UTC. */
export function utcOffsetOf(date: Date): string {
  const minutesAhead = -date.getTimezoneOffset();
  const sign = minutesAhead >= 0 ? '+' : '-';
  const absolute = Math.abs(minutesAhead);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** e.g. "2026-11-24 23:59:59 UTC+01:00" (local time). */
export function formatDateTimeWithOffset(value: string | Date): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day} ${time} ${utcOffsetOf(date)}`;
}
