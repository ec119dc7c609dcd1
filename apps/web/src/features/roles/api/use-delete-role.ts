// deleteRole as a mutation; the role lists are re-read when it succeeds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQueries } from '../../../lib/roles-query';
import { deleteRole } from './role-editing-api';

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => deleteRole(roleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleQueries.all() }),
  });
}
