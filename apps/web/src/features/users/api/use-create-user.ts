// createUser as a mutation; it stays pending until the user list has been re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createUser, userQueries } from './users-api';

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
