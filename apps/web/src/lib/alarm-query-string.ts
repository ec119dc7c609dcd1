// An alarm filter (docs/alarms.md) as the query string of GET /alarms, /alarms/summary and /alarms.csv: the
// Alarms page and Probe Details' "Alarm history" both build it.
import type { AlarmFilterInput } from '@bpm/protocol';

export type AlarmQuery = Partial<Record<keyof AlarmFilterInput, string | number | undefined>>;

/** The filter as a query string (undefined and empty values left out). */
export function alarmQueryString(filter: AlarmQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
