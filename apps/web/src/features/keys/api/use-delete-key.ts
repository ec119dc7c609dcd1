// Deletes a key. Whatever the answer, the list is re-read (docs/api.md (API keys errors): a failure is logged only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteKey, keyQueries } from './keys-api';

export function useDeleteKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKey,
    onError: (error, id) => console.error(`Deleting API key ${id} failed`, error),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keyQueries.all() }),
  });
}
