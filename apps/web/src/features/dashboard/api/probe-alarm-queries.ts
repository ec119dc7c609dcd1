// A probe's last alarms for Probe Details' "Alarm history" (docs/alarms.md). The key sits under the
// alarm prefix ['alarms'], so an acknowledgement anywhere refreshes it.
import { alarmLimits } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { getAlarms } from '../../../lib/alarm-requests';

export const probeAlarmQueries = {
  history: (probeID: string) =>
    queryOptions({
      queryKey: ['alarms', 'probe', probeID] as const,
      queryFn: () => getAlarms({ probeID, limit: alarmLimits.probeHistory }),
      staleTime: 5_000,
    }),
};
