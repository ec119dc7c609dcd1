// modifyUser as a mutation; it stays pending until the user list has been re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifyUser, userQueries } from './users-api';

export function useModifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
