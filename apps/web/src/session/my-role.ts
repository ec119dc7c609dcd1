// The caller's own role (GET /roles/@me, lib/api-client.ts), the source of the current user's permission names.
import { levelSatisfies, permissionNames, type PermissionLevel, type PermissionName, type Role } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { getMyRole } from '../lib/api-client';

/** A role "has" a permission when any of its permissions matches by name (docs/data-model.md (Role)). */
export function permissionNamesOf(role: Pick<Role, 'permissions_with_levels'>): PermissionName[] {
  const held = new Set(role.permissions_with_levels.map((permission) => permission.permission_name));
  return permissionNames.filter((name) => held.has(name));
}

/** The caller's role with its levels, cached under the roles resource (so role edits refresh it). */
export const myRoleQueries = {
  me: () => queryOptions({ queryKey: ['roles', 'me'] as const, queryFn: getMyRole }),
};

/** Does `role` hold `name` at `level` or above (docs/roles-and-permissions.md)? */
export function roleAllows(
  role: Pick<Role, 'permissions_with_levels'> | undefined,
  name: PermissionName,
  level: PermissionLevel,
): boolean {
  const held = role?.permissions_with_levels?.find((p) => p.permission_name === name)?.permission_level_name;
  return held !== undefined && levelSatisfies(held, level);
}
