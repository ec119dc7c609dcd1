// useAcknowledgeAlarms: the live feed brings the change to every dashboard; the alarm queries (history, summary) refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmQueries } from './alarm-queries';
import { acknowledgeAlarms } from './alarms-api';

export function useAcknowledgeAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; comment?: string }) => acknowledgeAlarms(input.ids, input.comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmQueries.all() }),
  });
}
