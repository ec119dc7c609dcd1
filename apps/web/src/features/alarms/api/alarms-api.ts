// Alarm calls of the Alarms page (docs/alarms.md): lists, summary, the CSV export, acknowledge, shelve.
import type { Alarm, AlarmSummary } from '@bpm/protocol';
import { alarmQueryString, type AlarmQuery } from '../../../lib/alarm-query-string';
import { apiFile, apiRequest, type ApiFile } from '../../../lib/api-client';

// Shared with the Dashboard (its marker, Probe Details), so they live in lib/api-client.ts.
export { acknowledgeAlarm, acknowledgeAlarms } from '../../../lib/api-client';

export interface HistoryFilter {
  from?: string;
  to?: string;
  probeID?: string;
  packId?: number;
  stageId?: number;
  eventType?: string;
}

export function getAlarms(filter: AlarmQuery): Promise<Alarm[]> {
  return apiRequest<Alarm[]>(`/alarms${alarmQueryString(filter)}`);
}

export function getAlarmSummary(range: { from?: string; to?: string }): Promise<AlarmSummary> {
  return apiRequest<AlarmSummary>(`/alarms/summary${alarmQueryString(range)}`);
}

export function shelveAlarm(id: number, minutes: number, reason: string): Promise<Alarm> {
  return apiRequest<Alarm>(`/alarms/${id}/shelve`, { method: 'POST', body: { minutes, reason } });
}

export function unshelveAlarm(id: number): Promise<Alarm> {
  return apiRequest<Alarm>(`/alarms/${id}/shelve`, { method: 'DELETE' });
}

/** The History's CSV export (saved through lib/download-file.ts, so a 401 signs out). */
export function getAlarmsCsv(filter: HistoryFilter): Promise<ApiFile> {
  return apiFile(`/alarms.csv${alarmQueryString({ ...filter })}`);
}
