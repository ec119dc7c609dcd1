// The alarm query factory (docs/alarms.md): every alarm query key starts with ['alarms'], so one
// prefix invalidation after an acknowledgement or shelve refreshes them all.
import { alarmLimits, type Alarm } from '@bpm/protocol';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { alarmStore } from '../../../live/alarm-store';
import { getAlarms, getAlarmSummary, type HistoryFilter } from './alarms-api';

const historyPage = 50;

/** Every open alarm, page after page (newest first): a backlog can be longer than one page. */
async function getAllOpenAlarms(): Promise<Alarm[]> {
  const alarms: Alarm[] = [];
  for (;;) {
    const before = alarms.length > 0 ? alarms[alarms.length - 1]!.id : undefined;
    const page = await getAlarms({ state: 'open', limit: alarmLimits.pageMax, before });
    alarms.push(...page);
    if (page.length < alarmLimits.pageMax) return alarms;
  }
}

export const alarmQueries = {
  all: () => ['alarms'] as const,
  /** The open alarms, loaded into the live store; `epoch` changes with each (re)connect. */
  open: (epoch: number) =>
    queryOptions({
      queryKey: [...alarmQueries.all(), 'open', epoch],
      queryFn: async () => {
        const startedAt = alarmStore.beginLoad();
        const alarms = await getAllOpenAlarms();
        alarmStore.load(alarms, startedAt);
        return alarms;
      },
      staleTime: Infinity,
    }),
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
