// User use cases with the safety rules of docs/api.md (Safety rules); each multi-step change runs in one transaction.
import type { ChangePassword, CreateUser, ModifyUser, PermissionLevel, PermissionName, UpdateMe, User } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../password.js';
import type { Principal } from '../../principal.js';
import { deleteKeysOfUser } from '../keys/keys.service.js';
import { changeKeepingManagers, nobodyLeftToManage } from './managers-rule.js';
import { refuseRoleAboveOwn, rolesHolding, roleSummary } from '../roles/roles.service.js';
import { endSessionsOfUser } from '../sessions/sessions.service.js';
import {
  deleteUserRow,
  findCredentials,
  findUser,
  insertUser,
  listUsers,
  listUsersWithRoles,
  updateUser,
  usernameTaken,
} from './users.queries.js';

// The last-manager rule, for role editing too.
export { changeKeepingManagers, nobodyLeftToManage } from './managers-rule.js';
// Lookups other modules need as they are: sign-in (auth) and the caller's identity (plugins/access.ts).
export { findCredentials, findUser, usernameKey } from './users.queries.js';

async function requireUser(db: Kysely<Database>, userId: number): Promise<User> {
  const user = await findUser(db, userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** A role the actor may give: it exists (else 400) and holds nothing above the actor's own role (else 403). */
async function requireAssignableRole(db: Kysely<Database>, actor: Principal, roleId: number): Promise<void> {
  const role = await roleSummary(db, roleId);
  if (!role) throw new BadRequestError('Role does not exist', [{ path: 'roleId', message: 'Role does not exist' }]);
  refuseRoleAboveOwn(
    actor,
    role.levels,
    (g) => `You cannot give the role ${role.name}: it holds ${g.name} at ${g.level}, your own role holds less`,
  );
}

/** Nobody changes, resets or deletes the account of someone whose role holds more than theirs (docs/role-editing.md). */
async function refuseAccountAboveOwn(db: Kysely<Database>, actor: Principal, user: User): Promise<void> {
  const role = await roleSummary(db, user.roleId);
  if (!role) return;
  refuseRoleAboveOwn(
    actor,
    role.levels,
    (g) =>
      `You cannot change the account of ${user.username}: their role holds ${g.name} at ${g.level}, your own role holds less`,
  );
}

/** docs/sso.md (Accounts): an SSO account's username, name, role and password come from the identity provider. */
export const managedBySsoMessage =
  'This account is managed by single sign-on: its username, name, role and password are set by the identity provider';

function refuseSsoChanges(user: User, changes: Partial<Pick<User, 'username' | 'firstName' | 'lastName' | 'roleId'>>): void {
  if (user.source !== 'sso') return;
  const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((field) => {
    const value = changes[field];
    return value !== undefined && value !== user[field];
  });
  if (changed) throw new ForbiddenError(managedBySsoMessage);
}

/** The last user able to manage users (or roles) must stay able to (docs/role-editing.md), or nobody could fix the accounts. */
const lastManager = (message: string) => (lost: 'Users' | 'Roles') => (lost === 'Users' ? message : nobodyLeftToManage);

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

export async function createUser(db: Kysely<Database>, actor: Principal, input: CreateUser, hashLog2N: number): Promise<User> {
  await requireAssignableRole(db, actor, input.roleId);
  const passwordHash = await hashPassword(input.password, hashLog2N);
  return db.transaction().execute(async (trx) => {
    await requireAssignableRole(trx, actor, input.roleId);
    if (await usernameTaken(trx, input.username)) throw new ConflictError('Username already exists');
    const userId = await insertUser(trx, { ...input, passwordHash, now: new Date().toISOString() });
    return requireUser(trx, userId);
  });
}

export async function modifyUser(db: Kysely<Database>, actor: Principal, userId: number, input: ModifyUser): Promise<User> {
  return changeKeepingManagers(db, lastManager('The last user who can manage users cannot lose that permission'), async (trx) => {
    const user = await requireUser(trx, userId);
    await refuseAccountAboveOwn(trx, actor, user);
    refuseSsoChanges(user, input);
    await requireAssignableRole(trx, actor, input.roleId);
    if (await usernameTaken(trx, input.username, userId)) throw new ConflictError('Username already exists');
    await updateUser(trx, userId, { ...input, now: new Date().toISOString() });
    return requireUser(trx, userId);
  });
}

export async function updateMe(db: Kysely<Database>, userId: number, input: UpdateMe): Promise<User> {
  refuseSsoChanges(await requireUser(db, userId), input);
  await updateUser(db, userId, { ...input, now: new Date().toISOString() });
  return requireUser(db, userId);
}

export async function deleteUser(db: Kysely<Database>, actor: Principal, userId: number): Promise<void> {
  if (userId === actor.userId) throw new ConflictError('You cannot delete your own account');
  await changeKeepingManagers(db, lastManager('The last user who can manage users cannot be deleted'), async (trx) => {
    const user = await requireUser(trx, userId);
    await refuseAccountAboveOwn(trx, actor, user);
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
  if (credentials?.source === 'sso') throw new ForbiddenError(managedBySsoMessage);
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
  const user = await requireUser(db, userId);
  await refuseAccountAboveOwn(db, actor, user);
  if (user.source === 'sso') throw new ForbiddenError(managedBySsoMessage);
  await setPassword(db, userId, input.newPassword, hashLog2N);
}

/** What the identity provider says about an SSO account (docs/sso.md (Accounts)). */
export interface SsoProfile {
  username: string;
  subject: string;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
}

/**
 * The SSO account for `profile` after this sign-in: created on the first, its name, email and role brought up
 * to date on every other. `taken` when the username belongs to a local account or to another IdP subject:
 * that account is never taken over.
 */
export async function upsertSsoUser(
  db: Kysely<Database>,
  profile: SsoProfile,
): Promise<{ taken: true } | { taken: false; before: User | null; user: User }> {
  try {
    return await upsertSsoUserOnce(db, profile);
  } catch (error) {
    // Two first sign-ins of one user at once both found no account, and the unique username index refused the second
    // insert (docs/sso.md (Accounts)): once more, it finds the account the first created. Any other error recurs.
    return upsertSsoUserOnce(db, profile).catch(() => Promise.reject(error));
  }
}

function upsertSsoUserOnce(
  db: Kysely<Database>,
  profile: SsoProfile,
): Promise<{ taken: true } | { taken: false; before: User | null; user: User }> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const existing = await findCredentials(trx, { username: profile.username });
    if (existing && (existing.source !== 'sso' || existing.ssoSubject !== profile.subject)) return { taken: true };
    const { subject, ...fields } = profile;
    if (!existing) {
      const userId = await insertUser(trx, { ...fields, passwordHash: '', ssoSubject: subject, now });
      return { taken: false, before: null, user: await requireUser(trx, userId) };
    }
    const before = await requireUser(trx, existing.id);
    await updateUser(trx, existing.id, { ...fields, now });
    return { taken: false, before, user: await requireUser(trx, existing.id) };
  });
}
