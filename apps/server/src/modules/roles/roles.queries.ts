// Roles with their permissions_with_levels (spec §3 Role), and the "who can manage users" count (design §4).
import type { Role } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Users at UPDATE can assign any role, themselves included, so UPDATE or higher is "able to manage users". */
const managerLevelId = 3;

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

export async function roleCanManageUsers(db: Kysely<Database>, roleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('role_permissions.role_id')
    .where('role_permissions.role_id', '=', roleId)
    .where('permissions.name', '=', 'Users')
    .where('role_permissions.permission_level_id', '>=', managerLevelId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many users other than `exceptUserId` hold Users at UPDATE or higher. */
export async function countUserManagers(db: Kysely<Database>, exceptUserId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'users.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('permissions.name', '=', 'Users')
    .where('role_permissions.permission_level_id', '>=', managerLevelId)
    .where('users.id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
