// Roles with their permissions_with_levels (docs/data-model.md (Role)), a role's levels by permission, and which roles hold a permission.
import { levelRank, type PermissionLevel, type PermissionName, type Role } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

async function permissionsByRole(db: Kysely<Database>, roleIds: number[]) {
  if (roleIds.length === 0) return new Map<number, Role['permissions_with_levels']>();
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .innerJoin('permission_levels', 'permission_levels.id', 'role_permissions.permission_level_id')
    .select([
      'role_permissions.role_id as roleId',
      'permissions.id as permission_id',
      'permissions.name as permission_name',
      'permissions.description as permission_description',
      'permission_levels.id as permission_level_id',
      'permission_levels.name as permission_level_name',
    ])
    .where('role_permissions.role_id', 'in', roleIds)
    .orderBy('permissions.id')
    .execute();
  const byRole = new Map<number, Role['permissions_with_levels']>();
  for (const { roleId, ...permission } of rows) {
    const list = byRole.get(roleId) ?? [];
    list.push(permission);
    byRole.set(roleId, list);
  }
  return byRole;
}

async function rolesWhere(db: Kysely<Database>, roleId?: number): Promise<Role[]> {
  let query = db
    .selectFrom('roles')
    .select(['id', 'name', 'description', 'created_at', 'updated_at', 'is_default'])
    .orderBy('id');
  if (roleId !== undefined) query = query.where('id', '=', roleId);
  const rows = await query.execute();
  const permissions = await permissionsByRole(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    is_default: r.is_default === 1,
    permissions_with_levels: permissions.get(r.id) ?? [],
  }));
}

export function listRoles(db: Kysely<Database>): Promise<Role[]> {
  return rolesWhere(db);
}

export async function findRole(db: Kysely<Database>, roleId: number): Promise<Role | undefined> {
  return (await rolesWhere(db, roleId))[0];
}

export async function rolePermissionLevels(db: Kysely<Database>, roleId: number): Promise<Map<PermissionName, PermissionLevel>> {
  const permissions = (await permissionsByRole(db, [roleId])).get(roleId) ?? [];
  return new Map(permissions.map((p) => [p.permission_name as PermissionName, p.permission_level_name as PermissionLevel]));
}

/** Ids of the roles holding `permission` at `level` or higher (permission_levels ids are the ranks, see levelRank). */
export async function roleIdsHolding(
  db: Kysely<Database>,
  permission: PermissionName,
  level: PermissionLevel,
): Promise<number[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('role_permissions.role_id as roleId')
    .where('permissions.name', '=', permission)
    .where('role_permissions.permission_level_id', '>=', levelRank(level))
    .orderBy('role_permissions.role_id')
    .execute();
  return rows.map((r) => r.roleId);
}
