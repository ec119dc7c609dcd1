// Alarm calls of the Alarms page (docs/alarms.md): summary, the CSV export's API path, acknowledge, shelve.
import { alarmLimits, type AcknowledgeAlarmsResult, type Alarm, type AlarmSummary } from '@bpm/protocol';
import { alarmQueryString } from '../../../lib/alarm-requests';
import { apiRequest } from '../../../lib/api-client';

export interface HistoryFilter {
  from?: string;
  to?: string;
  probeID?: string;
  packId?: number;
  stageId?: number;
  eventType?: string;
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

/** Where the History's CSV export downloads from (through lib/download-file.ts, so a 401 signs out). */
export function alarmsCsvPath(filter: HistoryFilter): string {
  return `/alarms.csv${alarmQueryString({ ...filter })}`;
}
