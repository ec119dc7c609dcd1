// Mutations of the Roles page; each refreshes every roles query (the list, the caller's own role) when done.
import type { RoleInput } from '@bpm/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRole, deleteRole, setDefaultRole, updateRole } from './role-editing';
import { roleKeys } from './roles-api';

function useRolesMutation<TVariables, TResult>(request: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export const useCreateRole = () => useRolesMutation((input: RoleInput) => createRole(input));
export const useUpdateRole = () =>
  useRolesMutation(({ roleId, input }: { roleId: number; input: RoleInput }) => updateRole(roleId, input));
export const useDeleteRole = () => useRolesMutation((roleId: number) => deleteRole(roleId));
export const useSetDefaultRole = () => useRolesMutation((roleId: number) => setDefaultRole(roleId));
