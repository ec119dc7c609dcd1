// The alarm query factory (docs/alarms.md): every alarm query key starts with ['alarms'], so one
// prefix invalidation after an acknowledgement or shelve refreshes them all. The open alarms are no query: the live
// feed keeps them (live/alarm-store.ts).
import type { Alarm } from '@bpm/protocol';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getAlarms, getAlarmSummary, type HistoryFilter } from './alarms-api';

const historyPage = 50;

export const alarmQueries = {
  all: () => ['alarms'] as const,
  history: (filter: HistoryFilter) =>
    infiniteQueryOptions({
      queryKey: [...alarmQueries.all(), 'history', filter],
      queryFn: ({ pageParam }) => getAlarms({ ...filter, limit: historyPage, before: pageParam }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: Alarm[]) => (last.length < historyPage ? undefined : last[last.length - 1]!.id),
    }),
  summary: (range: { from?: string; to?: string }) =>
    queryOptions({ queryKey: [...alarmQueries.all(), 'summary', range], queryFn: () => getAlarmSummary(range) }),
};
