// Roles and their permissions, for the /roles routes and for other modules (users' safety rules, the caller's permissions).
// Role editing (docs/role-editing.md): create, change, delete and make default, with the safety rules —
// names unique ignoring case; a held or default role is never deleted; no change leaves nobody able to manage
// users and roles; nobody grants a permission above their own level (so nobody raises their own role), edits a
// role above their own or lowers their own; the built-in Administrator role holds everything, unchangeable.
import {
  administratorRoleId,
  grantsAbove,
  levelSatisfies,
  type ParsedRoleInput,
  type PermissionLevel,
  type PermissionName,
  type Role,
} from '@bpm/protocol';
import type { Kysely, Transaction } from 'kysely';
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

/** A role's name and current levels, or undefined when there is no such role. */
export async function roleSummary(
  db: Kysely<Database>,
  roleId: number,
): Promise<{ name: string; levels: Map<PermissionName, PermissionLevel> } | undefined> {
  const role = await findRole(db, roleId);
  return role && { name: role.name, levels: levelsOf(role) };
}

const levelsOf = (role: Role) =>
  new Map(
    role.permissions_with_levels.map((p) => [p.permission_name as PermissionName, p.permission_level_name as PermissionLevel]),
  );

/** 403 `refusal(grant)` for the first grant of `levels` above the actor's own role (docs/role-editing.md). */
export function refuseRoleAboveOwn(
  actor: Principal,
  levels: ReadonlyMap<PermissionName, PermissionLevel>,
  refusal: (grant: { name: PermissionName; level: PermissionLevel }) => string,
): void {
  const [above] = grantsAbove(actor.permissions, levels);
  if (above) throw new ForbiddenError(refusal(above));
}

/** Ids of the roles holding `permission` at `level` or higher. */
export function rolesHolding(db: Kysely<Database>, permission: PermissionName, level: PermissionLevel): Promise<number[]> {
  return roleIdsHolding(db, permission, level);
}

// ---- role editing ----

/**
 * What role editing needs of the users module, injected (roles.plugin.ts wires it) so that the users and roles
 * services do not import each other.
 */
export interface RoleHolders {
  /** Runs `change` as one locked step kept only if someone can still manage users and roles, else 409 `refusal`. */
  changeKeepingManagers<T>(db: Kysely<Database>, refusal: string, change: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** How many users hold the role. */
  countOf(db: Kysely<Database>, roleId: number): Promise<number>;
}

export const nobodyLeftToManage = 'This change would leave nobody able to manage users and roles';

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
 * The roles that manage roles cannot paint themselves into a corner (docs/role-editing.md): Administrator
 * is never changed, nobody edits a role above their own, and nobody lowers their own role (no one could
 * grant it back).
 */
function refuseEditing(actor: Principal, role: Role, input?: ParsedRoleInput): void {
  if (role.id === administratorRoleId) {
    throw new ForbiddenError('The Administrator role always holds every permission and cannot be changed');
  }
  const levels = levelsOf(role);
  refuseRoleAboveOwn(
    actor,
    levels,
    (g) => `You cannot change the role ${role.name}: it holds ${g.name} at ${g.level}, your own role holds less`,
  );
  if (input && role.id === actor.roleId) {
    const kept = new Map(input.permissions.map((p) => [p.name, p.level]));
    const [lost] = grantsAbove(kept, levels);
    if (lost)
      throw new ForbiddenError(
        `You cannot lower your own role (${lost.name} at ${lost.level}): ask another user who manages roles`,
      );
  }
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
  return holders.changeKeepingManagers(
    db,
    nobodyLeftToManage,
    async (trx) => {
      refuseEditing(actor, await requireRole(trx, roleId), input);
      if (await roleNameTaken(trx, input.name, roleId)) throw new ConflictError('Role name already exists');
      await updateRoleRow(trx, roleId, { ...input, now: new Date().toISOString() });
      await replaceRolePermissions(trx, roleId, input.permissions);
      return requireRole(trx, roleId);
    },
  );
}

export async function deleteRole(db: Kysely<Database>, holders: RoleHolders, actor: Principal, roleId: number): Promise<Role> {
  return db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, roleId);
    refuseEditing(actor, role);
    if (role.is_default) throw new ConflictError('The default role cannot be deleted: make another role the default first');
    const holding = await holders.countOf(trx, roleId);
    if (holding > 0) {
      throw new ConflictError(`This role cannot be deleted: ${holding} user(s) hold it. Give them another role first`);
    }
    await deleteRoleRow(trx, roleId);
    return role;
  });
}

/** The default is the role meant for new users, so nobody makes a role above their own the default (docs/role-editing.md). */
export async function makeDefaultRole(db: Kysely<Database>, actor: Principal, roleId: number): Promise<Role> {
  return db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, roleId);
    refuseRoleAboveOwn(
      actor,
      levelsOf(role),
      (g) => `You cannot make the role ${role.name} the default: it holds ${g.name} at ${g.level}, your own role holds less`,
    );
    await setDefaultRoleRow(trx, roleId, new Date().toISOString());
    return requireRole(trx, roleId);
  });
}
