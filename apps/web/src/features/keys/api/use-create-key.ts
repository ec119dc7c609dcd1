// Generates a key; the list is re-read in the background while the dialog shows the token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createKey, keyQueries } from './keys-api';

export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyQueries.all() }),
  });
}
