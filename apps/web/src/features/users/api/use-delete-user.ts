// deleteUser as a mutation; it stays pending until the user list has been re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUser, userQueries } from './users-api';

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
