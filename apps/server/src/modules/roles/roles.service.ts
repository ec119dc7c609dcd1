// Roles and their permissions, for the /roles routes and for other modules (users' safety rules, the caller's permissions).
// Role editing (docs/role-editing.md): create, change, delete and make default, with the safety rules —
// names unique ignoring case; a held or default role is never deleted; no change leaves nobody able to manage
// users and roles; nobody grants a permission above their own level (so nobody raises their own role).
import { levelSatisfies, type ParsedRoleInput, type PermissionLevel, type PermissionName, type Role } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { Principal } from '../../principal.js';
import {
  deleteRoleRow,
  findRole,
  insertRole,
  listRoles,
  replaceRolePermissions,
  roleIdsHolding,
  roleNameTaken,
  rolePermissionLevels,
  setDefaultRoleRow,
  updateRoleRow,
} from './roles.queries.js';

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

// ---- role editing ----

/** UPDATE is the level that edits users (and assigns roles) and edits roles. */
const managingLevel = 'UPDATE';

const requireRole = getRole;

function refuseGrantsAboveOwn(actor: Principal, input: ParsedRoleInput): void {
  for (const grant of input.permissions) {
    const held = actor.permissions.get(grant.name);
    if (!held || !levelSatisfies(held, grant.level)) {
      throw new ForbiddenError(`You cannot grant ${grant.name} at ${grant.level}: your own role holds less`);
    }
  }
}

/**
 * What role editing needs to know of users, answered by the users module (roles.plugin.ts wires it), so that
 * the users and roles services do not import each other. Each takes the change's transaction.
 */
export interface RoleHolders {
  /** How many users hold a role with `permission` at `level` or higher. */
  holdingCount(db: Kysely<Database>, permission: PermissionName, level: PermissionLevel): Promise<number>;
  /** How many users hold the role. */
  countOf(db: Kysely<Database>, roleId: number): Promise<number>;
}

/** Checked inside the change's transaction, after it: a refusal rolls it back. */
async function ensureManagersRemain(db: Kysely<Database>, holders: RoleHolders): Promise<void> {
  const users = await holders.holdingCount(db, 'Users', managingLevel);
  const roles = await holders.holdingCount(db, 'Roles', managingLevel);
  if (users === 0 || roles === 0) throw new ConflictError('This change would leave nobody able to manage users and roles');
}

export async function createRole(db: Kysely<Database>, actor: Principal, input: ParsedRoleInput): Promise<Role> {
  refuseGrantsAboveOwn(actor, input);
  return db.transaction().execute(async (trx) => {
    if (await roleNameTaken(trx, input.name)) throw new ConflictError('Role name already exists');
    const roleId = await insertRole(trx, { ...input, now: new Date().toISOString() });
    await replaceRolePermissions(trx, roleId, input.permissions);
    return requireRole(trx, roleId);
  });
}

export async function updateRole(
  db: Kysely<Database>,
  holders: RoleHolders,
  actor: Principal,
  roleId: number,
  input: ParsedRoleInput,
): Promise<Role> {
  refuseGrantsAboveOwn(actor, input);
  return db.transaction().execute(async (trx) => {
    await requireRole(trx, roleId);
    if (await roleNameTaken(trx, input.name, roleId)) throw new ConflictError('Role name already exists');
    await updateRoleRow(trx, roleId, { ...input, now: new Date().toISOString() });
    await replaceRolePermissions(trx, roleId, input.permissions);
    await ensureManagersRemain(trx, holders);
    return requireRole(trx, roleId);
  });
}

export async function deleteRole(db: Kysely<Database>, holders: RoleHolders, roleId: number): Promise<Role> {
  return db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, roleId);
    if (role.is_default) throw new ConflictError('The default role cannot be deleted: make another role the default first');
    const holding = await holders.countOf(trx, roleId);
    if (holding > 0) {
      throw new ConflictError(`This role cannot be deleted: ${holding} user(s) hold it. Give them another role first`);
    }
    await deleteRoleRow(trx, roleId);
    return role;
  });
}

export async function makeDefaultRole(db: Kysely<Database>, roleId: number): Promise<Role> {
  return db.transaction().execute(async (trx) => {
    await requireRole(trx, roleId);
    await setDefaultRoleRow(trx, roleId, new Date().toISOString());
    return requireRole(trx, roleId);
  });
}
