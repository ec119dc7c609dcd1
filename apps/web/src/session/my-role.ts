// GET /roles/@me: the caller's own role, the source of the current user's permission names (spec §7 Roles).
import { permissionNames, type PermissionName, type Role } from '@bpm/protocol';
import { apiFetch } from '../lib/api-client';

export async function getMyRole(): Promise<Role> {
  const response = await apiFetch('/roles/@me');
  if (!response.ok) throw new Error('Failed to fetch my role');
  return (await response.json()) as Role;
}

/** A role "has" a permission when any of its permissions matches by name (spec §3 Role). */
export function permissionNamesOf(role: Pick<Role, 'permissions_with_levels'>): PermissionName[] {
  const held = new Set(role.permissions_with_levels.map((permission) => permission.permission_name));
  return permissionNames.filter((name) => held.has(name));
}
