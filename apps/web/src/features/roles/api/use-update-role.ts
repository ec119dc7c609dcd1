// updateRole as a mutation; the role lists (and the caller's own role) are re-read when it succeeds.
import type { RoleInput } from '@bpm/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQueries } from '../../../lib/roles-query';
import { updateRole } from './role-editing-api';

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, input }: { roleId: number; input: RoleInput }) => updateRole(roleId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleQueries.all() }),
  });
}
