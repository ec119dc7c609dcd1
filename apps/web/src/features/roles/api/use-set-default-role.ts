// setDefaultRole as a mutation; the role lists are re-read when it succeeds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQueries } from '../../../lib/roles-query';
import { setDefaultRole } from './role-editing-api';

export function useSetDefaultRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => setDefaultRole(roleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleQueries.all() }),
  });
}
