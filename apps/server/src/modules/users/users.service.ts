// User use cases with the safety rules of design §4; each multi-step change runs in one transaction.
import type { ChangePassword, CreateUser, ModifyUser, UpdateMe, User } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.js';
import type { Principal } from '../../plugins/auth.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { deleteUserSessions } from '../auth/sessions.queries.js';
import { countUserManagers, findRole, roleCanManageUsers } from '../roles/roles.queries.js';
import { deleteUserRow, findCredentials, findUser, insertUser, updateUser, usernameTaken } from './users.queries.js';

async function requireUser(db: Kysely<Database>, userId: number): Promise<User> {
  const user = await findUser(db, userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

async function requireRole(db: Kysely<Database>, roleId: number): Promise<void> {
  if (!(await findRole(db, roleId)))
    throw new BadRequestError('Role does not exist', [{ path: 'roleId', message: 'Role does not exist' }]);
}

/** The last user able to manage users must stay able to (design §4), or nobody could fix the accounts. */
async function ensureAnotherManager(db: Kysely<Database>, user: User, message: string): Promise<void> {
  if (!(await roleCanManageUsers(db, user.roleId))) return;
  if ((await countUserManagers(db, user.userId)) === 0) throw new ConflictError(message);
}

export function getUser(db: Kysely<Database>, userId: number): Promise<User> {
  return requireUser(db, userId);
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
    if (input.roleId !== user.roleId && !(await roleCanManageUsers(trx, input.roleId))) {
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
    await deleteUserSessions(trx, userId);
    await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
    await deleteUserRow(trx, userId);
  });
}

/** A password change ends that user's other sessions; the caller's own session stays (design §4). */
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
    await deleteUserSessions(trx, userId, keepSessionId);
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
    // spec §8: 401 means "Current password is incorrect."
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
