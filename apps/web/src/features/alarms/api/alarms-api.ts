// Alarm calls of the Alarms page (docs/alarms.md): summary, the CSV export's address, acknowledge, shelve.
import type { AcknowledgeAlarmsResult, Alarm, AlarmSummary } from '@bpm/protocol';
import { alarmQueryString } from '../../../lib/alarm-requests';
import { apiBaseUrl } from '../../../lib/api-base-url';
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

export function acknowledgeAlarms(ids: number[], comment?: string): Promise<AcknowledgeAlarmsResult> {
  return apiRequest<AcknowledgeAlarmsResult>('/alarms/acknowledge', {
    method: 'POST',
    body: comment ? { ids, comment } : { ids },
  });
}

export function shelveAlarm(id: number, minutes: number, reason: string): Promise<Alarm> {
  return apiRequest<Alarm>(`/alarms/${id}/shelve`, { method: 'POST', body: { minutes, reason } });
}

export function unshelveAlarm(id: number): Promise<Alarm> {
  return apiRequest<Alarm>(`/alarms/${id}/shelve`, { method: 'DELETE' });
}

/**
 * Where the History's CSV export downloads from: a link the browser follows with its cookie, so the
 * server's stream goes straight to a file and a 100,000-row export never sits in the page's memory.
 */
export function alarmsCsvUrl(filter: HistoryFilter): string {
  return `${apiBaseUrl()}/alarms.csv${alarmQueryString({ ...filter })}`;
}
