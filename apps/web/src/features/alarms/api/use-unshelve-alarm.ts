// useUnshelveAlarm: the live feed brings the change to every dashboard; the alarm queries (history, summary) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmQueries } from './alarm-queries';
import { unshelveAlarm } from './alarms-api';

export function useUnshelveAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unshelveAlarm(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmQueries.all() }),
  });
}
