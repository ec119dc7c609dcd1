// Saves the user's own first name, last name and email; the answer replaces the cached current user,
// so the top bar's initials follow at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueries, updateCurrentUser } from './account-api';

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: (updated) => queryClient.setQueryData(accountQueries.currentUser().queryKey, updated),
  });
}
