// changeUserPassword as a mutation; it stays pending until the user list has been re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeUserPassword, userQueries } from './users-api';

export function useChangeUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
