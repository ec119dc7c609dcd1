// A probe's alarms for Probe Details (docs/alarms.md): its last ones ("Alarm history") and those raised
// in the temperature chart's range (its markers, docs/history.md). The keys sit under the alarm prefix
// ['alarms'], so an acknowledgement anywhere refreshes them.
import { alarmLimits, type Alarm } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { alarmQueryString, type AlarmQuery } from '../../../lib/alarm-query-string';
import { apiRequest } from '../../../lib/api-client';

const getProbeAlarms = (filter: AlarmQuery & { probeID: string }) => apiRequest<Alarm[]>(`/alarms${alarmQueryString(filter)}`);

export const probeAlarmQueries = {
  history: (probeID: string) =>
    queryOptions({
      queryKey: ['alarms', 'probe', probeID] as const,
      queryFn: () => getProbeAlarms({ probeID, limit: alarmLimits.probeHistory }),
      staleTime: 5_000,
    }),
  /** Raised in [from, to] (ISO dates), newest first; at most a page of them. */
  raisedIn: (probeID: string, range: { from: string; to: string }) =>
    queryOptions({
      queryKey: ['alarms', 'probe', probeID, 'raised', range.from, range.to] as const,
      queryFn: () => getProbeAlarms({ probeID, from: range.from, to: range.to, limit: alarmLimits.pageMax }),
      staleTime: 5_000,
    }),
};
