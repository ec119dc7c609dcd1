// GET /alarms with filters (docs/alarms.md): shared by the Alarms page, the top bar's open alarms and
// Probe Details' "Alarm history".
import type { Alarm, AlarmFilterInput } from '@bpm/protocol';
import { apiRequest } from './api-client';

/** The filter as a query string (undefined and empty values left out). */
export function alarmQueryString(filter: Partial<Record<keyof AlarmFilterInput, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function getAlarms(filter: Partial<Record<keyof AlarmFilterInput, string | number | undefined>>): Promise<Alarm[]> {
  return apiRequest<Alarm[]>(`/alarms${alarmQueryString(filter)}`);
}
