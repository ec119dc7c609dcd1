// Roles and their permissions, for the /roles routes and for other modules (users' safety rules, the caller's permissions).
import type { PermissionLevel, PermissionName, Role } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import { findRole, listRoles, roleIdsHolding, rolePermissionLevels } from './roles.queries.js';

export function getRoles(db: Kysely<Database>): Promise<Role[]> {
  return listRoles(db);
}

export async function getRole(db: Kysely<Database>, roleId: number): Promise<Role> {
  const role = await findRole(db, roleId);
  if (!role) throw new NotFoundError('Role not found');
  return role;
}

export async function roleExists(db: Kysely<Database>, roleId: number): Promise<boolean> {
  return (await findRole(db, roleId)) !== undefined;
}

/** A role's current levels by permission: what its users (and their API keys) may do right now. */
export function permissionLevelsOfRole(db: Kysely<Database>, roleId: number): Promise<Map<PermissionName, PermissionLevel>> {
  return rolePermissionLevels(db, roleId);
}

/** Ids of the roles holding `permission` at `level` or higher. */
export function rolesHolding(db: Kysely<Database>, permission: PermissionName, level: PermissionLevel): Promise<number[]> {
  return roleIdsHolding(db, permission, level);
}
