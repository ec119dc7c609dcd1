// Role editing requests (docs/role-editing.md) and what the caller's own role lets them do on the Roles page.
import { levelSatisfies, type PermissionLevel, type Role, type RoleInput } from '@bpm/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { roleQueries } from '../../../lib/roles-query';

export const createRole = (input: RoleInput) => apiRequest<Role>('/roles', { method: 'POST', body: input });
export const updateRole = (roleId: number, input: RoleInput) =>
  apiRequest<Role>(`/roles/${roleId}`, { method: 'PUT', body: input });
export const deleteRole = (roleId: number) => apiRequest<void>(`/roles/${roleId}`, { method: 'DELETE' });
export const setDefaultRole = (roleId: number) => apiRequest<Role>(`/roles/${roleId}/default`, { method: 'PUT' });

/** Under roleQueries.all(), so every role change (which invalidates it) refreshes the caller's own role too. */
export const roleEditingQueries = {
  me: () => queryOptions({ queryKey: [...roleQueries.all(), 'me'] as const, queryFn: () => apiRequest<Role>('/roles/@me') }),
};

export interface RoleEditingRights {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Roles WRITE creates, UPDATE edits and sets the default, DELETE deletes (the server checks again). */
export function useRoleEditingRights(): RoleEditingRights {
  const me = useQuery(roleEditingQueries.me());
  const held = me.data?.permissions_with_levels?.find((p) => p.permission_name === 'Roles')?.permission_level_name;
  const can = (level: PermissionLevel) => held !== undefined && levelSatisfies(held, level);
  return { canCreate: can('WRITE'), canEdit: can('UPDATE'), canDelete: can('DELETE') };
}
