// User use cases with the safety rules of docs/api.md (Safety rules); each multi-step change runs in one transaction.
import type { ChangePassword, CreateUser, ModifyUser, PermissionLevel, PermissionName, UpdateMe, User } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../password.js';
import type { Principal } from '../../principal.js';
import { deleteKeysOfUser } from '../keys/keys.service.js';
import { roleExists, rolesHolding } from '../roles/roles.service.js';
import { endSessionsOfUser } from '../sessions/sessions.service.js';
import {
  countUsersWithRoles,
  deleteUserRow,
  findCredentials,
  findUser,
  insertUser,
  listUsers,
  listUsersWithRoles,
  updateUser,
  usernameTaken,
} from './users.queries.js';

// Lookups other modules need as they are: sign-in (auth) and the caller's identity (plugins/access.ts).
export { findCredentials, findUser, usernameKey } from './users.queries.js';

async function requireUser(db: Kysely<Database>, userId: number): Promise<User> {
  const user = await findUser(db, userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

async function requireRole(db: Kysely<Database>, roleId: number): Promise<void> {
  if (!(await roleExists(db, roleId)))
    throw new BadRequestError('Role does not exist', [{ path: 'roleId', message: 'Role does not exist' }]);
}

/** Users at UPDATE can assign any role, themselves included, so UPDATE or higher is "able to manage users". */
const managerRoleIds = (db: Kysely<Database>) => rolesHolding(db, 'Users', 'UPDATE');

/** The last user able to manage users must stay able to (docs/api.md (Safety rules)), or nobody could fix the accounts. */
async function ensureAnotherManager(db: Kysely<Database>, user: User, message: string): Promise<void> {
  const managerRoles = await managerRoleIds(db);
  if (!managerRoles.includes(user.roleId)) return;
  if ((await countUsersWithRoles(db, managerRoles, user.userId)) === 0) throw new ConflictError(message);
}

export function getUser(db: Kysely<Database>, userId: number): Promise<User> {
  return requireUser(db, userId);
}

export function getUsers(db: Kysely<Database>): Promise<User[]> {
  return listUsers(db);
}

/** Users whose role holds `permission` at `level` or higher, by id. */
export async function usersHolding(db: Kysely<Database>, permission: PermissionName, level: PermissionLevel): Promise<User[]> {
  return listUsersWithRoles(db, await rolesHolding(db, permission, level));
}

export async function createUser(db: Kysely<Database>, input: CreateUser, hashLog2N: number): Promise<User> {
  const passwordHash = await hashPassword(input.password, hashLog2N);
  return db.transaction().execute(async (trx) => {
    await requireRole(trx, input.roleId);
    if (await usernameTaken(trx, input.username)) throw new ConflictError('Username already exists');
    const userId = await insertUser(trx, { ...input, passwordHash, now: new Date().toISOString() });
    return requireUser(trx, userId);
  });
}

export async function modifyUser(db: Kysely<Database>, userId: number, input: ModifyUser): Promise<User> {
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, userId);
    await requireRole(trx, input.roleId);
    if (await usernameTaken(trx, input.username, userId)) throw new ConflictError('Username already exists');
    if (input.roleId !== user.roleId && !(await managerRoleIds(trx)).includes(input.roleId)) {
      await ensureAnotherManager(trx, user, 'The last user who can manage users cannot lose that permission');
    }
    await updateUser(trx, userId, { ...input, now: new Date().toISOString() });
    return requireUser(trx, userId);
  });
}

export async function updateMe(db: Kysely<Database>, userId: number, input: UpdateMe): Promise<User> {
  await requireUser(db, userId);
  await updateUser(db, userId, { ...input, now: new Date().toISOString() });
  return requireUser(db, userId);
}

export async function deleteUser(db: Kysely<Database>, actor: Principal, userId: number): Promise<void> {
  if (userId === actor.userId) throw new ConflictError('You cannot delete your own account');
  await db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, userId);
    await ensureAnotherManager(trx, user, 'The last user who can manage users cannot be deleted');
    // Explicit rather than relying on ON DELETE CASCADE alone: the rule is the design's, not the schema's.
    await endSessionsOfUser(trx, userId);
    await deleteKeysOfUser(trx, userId);
    await deleteUserRow(trx, userId);
  });
}

/** A password change ends that user's other sessions; the caller's own session stays (docs/api.md (Safety rules)). */
async function setPassword(
  db: Kysely<Database>,
  userId: number,
  newPassword: string,
  hashLog2N: number,
  keepSessionId?: number,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword, hashLog2N);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { passwordHash, now: new Date().toISOString() });
    await endSessionsOfUser(trx, userId, keepSessionId);
  });
}

/** Passwords are changed by people signed in, never by a key (a leaked key must not take over its owner). */
function refuseApiKey(actor: Principal): void {
  if (actor.via === 'apiKey') throw new ForbiddenError('An API key cannot change passwords; sign in to change one');
}

/** Your own password always needs the current one, whichever route sets it (docs/security.md). */
export async function changeOwnPassword(
  db: Kysely<Database>,
  actor: Principal,
  input: ChangePassword,
  hashLog2N: number,
): Promise<void> {
  refuseApiKey(actor);
  const credentials = await findCredentials(db, { userId: actor.userId });
  if (!credentials || !(await verifyPassword(input.currentPassword ?? '', credentials.passwordHash))) {
    // docs/api.md (Change own password errors): 401 means "Current password is incorrect."
    throw new UnauthorizedError('Current password is incorrect');
  }
  await setPassword(db, actor.userId, input.newPassword, hashLog2N, actor.sessionId);
}

export async function changeUserPassword(
  db: Kysely<Database>,
  actor: Principal,
  userId: number,
  input: ChangePassword,
  hashLog2N: number,
): Promise<void> {
  refuseApiKey(actor);
  if (userId === actor.userId) return changeOwnPassword(db, actor, input, hashLog2N);
  await requireUser(db, userId);
  await setPassword(db, userId, input.newPassword, hashLog2N);
}
