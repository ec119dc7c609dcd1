// Role editing requests (docs/role-editing.md), and the caller's own role (what the Roles page lets them do).
import type { Role, RoleInput } from '@bpm/protocol';
import { apiRequest } from '../../../lib/api-client';
import { myRoleQueries } from '../../../session/my-role';

export const createRole = (input: RoleInput) => apiRequest<Role>('/roles', { method: 'POST', body: input });
export const updateRole = (roleId: number, input: RoleInput) =>
  apiRequest<Role>(`/roles/${roleId}`, { method: 'PUT', body: input });
export const deleteRole = (roleId: number) => apiRequest<void>(`/roles/${roleId}`, { method: 'DELETE' });
export const setDefaultRole = (roleId: number) => apiRequest<Role>(`/roles/${roleId}/default`, { method: 'PUT' });

/** Under roleQueries.all(), so every role change (which invalidates it) refreshes the caller's own role too. */
export const roleEditingQueries = {
  me: myRoleQueries.me,
};
