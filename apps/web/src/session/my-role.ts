// GET /roles/@me: the caller's own role, the source of the current user's permission names (docs/api.md (Roles)).
import { permissionNames, type PermissionName, type Role } from '@bpm/protocol';
import { apiRequest } from '../lib/api-client';

/** Rejects with an ApiError on an error answer; the permission store logs it and clears the names. */
export const getMyRole = () => apiRequest<Role>('/roles/@me');

/** A role "has" a permission when any of its permissions matches by name (docs/data-model.md (Role)). */
export function permissionNamesOf(role: Pick<Role, 'permissions_with_levels'>): PermissionName[] {
  const held = new Set(role.permissions_with_levels.map((permission) => permission.permission_name));
  return permissionNames.filter((name) => held.has(name));
}
