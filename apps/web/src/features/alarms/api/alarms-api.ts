// Alarm calls of the Alarms page (docs/alarms.md): lists, summary, the CSV export, acknowledge, shelve.
import { alarmLimits, type AcknowledgeAlarmsResult, type Alarm, type AlarmSummary } from '@bpm/protocol';
import { alarmQueryString, type AlarmQuery } from '../../../lib/alarm-query-string';
import { apiFile, apiRequest, type ApiFile } from '../../../lib/api-client';

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

export function acknowledgeAlarm(id: number, comment?: string): Promise<Alarm> {
  return apiRequest<Alarm>(`/alarms/${id}/acknowledge`, { method: 'POST', body: comment ? { comment } : {} });
}

/**
 * Acknowledges every id, in requests of at most `alarmLimits.idsMax` (Select all can hold more after a long
 * backlog); `acknowledged` adds up the requests' answers. A failed request stops the rest: what was acknowledged
 * before it stays so, and the live feed shows it.
 */
export async function acknowledgeAlarms(ids: number[], comment?: string): Promise<AcknowledgeAlarmsResult> {
  let acknowledged = 0;
  for (let start = 0; start < ids.length; start += alarmLimits.idsMax) {
    const part = ids.slice(start, start + alarmLimits.idsMax);
    const answer = await apiRequest<AcknowledgeAlarmsResult>('/alarms/acknowledge', {
      method: 'POST',
      body: comment ? { ids: part, comment } : { ids: part },
    });
    acknowledged += answer.acknowledged;
  }
  return { acknowledged };
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
