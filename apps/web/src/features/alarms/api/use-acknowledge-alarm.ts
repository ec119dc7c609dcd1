// useAcknowledgeAlarm: the live feed brings the change to every dashboard; the alarm queries (history, summary) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmQueries } from './alarm-queries';
import { acknowledgeAlarm } from './alarms-api';

export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; comment?: string }) => acknowledgeAlarm(input.id, input.comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmQueries.all() }),
  });
}
