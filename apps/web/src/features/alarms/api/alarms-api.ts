// Alarm calls of the Alarms page (docs/alarms.md): summary, CSV export, acknowledge, shelve.
import type { AcknowledgeAlarmsResult, Alarm, AlarmSummary } from '@bpm/protocol';
import { alarmQueryString } from '../../../lib/alarm-requests';
import { apiFetch, apiRequest, errorFromResponse } from '../../../lib/api-client';

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

/** Fetches /alarms.csv with the History's filters and hands it to the browser as a file. */
export async function downloadAlarmsCsv(filter: HistoryFilter, at: Date = new Date()): Promise<void> {
  const response = await apiFetch(`/alarms.csv${alarmQueryString({ ...filter })}`);
  if (!response.ok) throw await errorFromResponse(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `BPM_alarms_${at.toISOString().replaceAll(':', '-')}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
