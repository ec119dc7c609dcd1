// Roles with their permissions_with_levels (docs/data-model.md (Role)), a role's levels by permission, and which roles hold a permission.
import { levelRank, type PermissionLevel, type PermissionName, type Role } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
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
  const permissions = await levelsOfRole(db, roleId);
  return new Map(permissions.map((p) => [p.permission_name as PermissionName, p.permission_level_name as PermissionLevel]));
}

/** permissionsByRole's rows for one role, compiled once: every signed-in request reads them (db/reusable-query.ts). */
const levelsOfRole = reusableQuery(1, (db: Kysely<Database>, roleId: number) =>
  db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .innerJoin('permission_levels', 'permission_levels.id', 'role_permissions.permission_level_id')
    .select(['permissions.name as permission_name', 'permission_levels.name as permission_level_name'])
    .where('role_permissions.role_id', '=', roleId)
    .orderBy('permissions.id'),
);

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

// ---- role editing (docs/role-editing.md) ----

export async function roleNameTaken(db: Kysely<Database>, name: string, exceptRoleId?: number): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptRoleId !== undefined) query = query.where('id', '!=', exceptRoleId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(
  db: Kysely<Database>,
  role: { name: string; description: string; now: string },
): Promise<number> {
  const { id } = await db
    .insertInto('roles')
    .values({ name: role.name, description: role.description, is_default: 0, created_at: role.now, updated_at: role.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRoleRow(
  db: Kysely<Database>,
  roleId: number,
  role: { name: string; description: string; now: string },
): Promise<void> {
  await db
    .updateTable('roles')
    .set({ name: role.name, description: role.description, updated_at: role.now })
    .where('id', '=', roleId)
    .execute();
}

/** Replaces the role's grants; permissions and levels are looked up by name (their ids are the seed's). */
export async function replaceRolePermissions(
  db: Kysely<Database>,
  roleId: number,
  grants: ReadonlyArray<{ name: string; level: string }>,
): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (grants.length === 0) return;
  const permissions = await db.selectFrom('permissions').select(['id', 'name']).execute();
  const levels = await db.selectFrom('permission_levels').select(['id', 'name']).execute();
  const permissionId = new Map(permissions.map((p) => [p.name, p.id]));
  const levelId = new Map(levels.map((l) => [l.name, l.id]));
  const rows = grants.flatMap((grant) => {
    const permission_id = permissionId.get(grant.name);
    const permission_level_id = levelId.get(grant.level);
    return permission_id && permission_level_id ? [{ role_id: roleId, permission_id, permission_level_id }] : [];
  });
  if (rows.length > 0) await db.insertInto('role_permissions').values(rows).execute();
}

export async function deleteRoleRow(db: Kysely<Database>, roleId: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', roleId).execute();
}

export async function setDefaultRoleRow(db: Kysely<Database>, roleId: number, now: string): Promise<void> {
  await db.updateTable('roles').set({ is_default: 0 }).where('is_default', '=', 1).execute();
  await db.updateTable('roles').set({ is_default: 1, updated_at: now }).where('id', '=', roleId).execute();
}
