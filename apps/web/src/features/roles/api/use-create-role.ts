// createRole as a mutation; the role lists are re-read when it succeeds.
import type { RoleInput } from '@bpm/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleQueries } from '../../../lib/roles-query';
import { createRole } from './role-editing-api';

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => createRole(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleQueries.all() }),
  });
}
