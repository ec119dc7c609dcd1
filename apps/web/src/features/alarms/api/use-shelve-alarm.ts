// useShelveAlarm: the live feed brings the change to every dashboard; the alarm queries (history, summary) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmQueries } from './alarm-queries';
import { shelveAlarm } from './alarms-api';

export function useShelveAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; minutes: number; reason: string }) => shelveAlarm(input.id, input.minutes, input.reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmQueries.all() }),
  });
}
