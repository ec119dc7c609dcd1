// The Download button's request as a mutation: an action the user starts, with its pending state.
import { useMutation } from '@tanstack/react-query';
import { downloadLogs } from './logs-api';

export function useDownloadLogs() {
  return useMutation({ mutationFn: () => downloadLogs() });
}
