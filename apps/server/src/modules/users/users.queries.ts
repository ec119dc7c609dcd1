// Users table ↔ protocol User. Rows never leave this file (the password hash least of all).
import type { User } from '@bpm/protocol';
import type { Kysely, Selectable } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, UsersTable } from '../../db/schema.js';

/** Usernames are unique ignoring case (docs/api.md (Safety rules)): this is the key the unique index holds. */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

function userQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id as userId',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.username as username',
      'users.email as email',
      'roles.name as role',
      'users.role_id as roleId',
      'users.created_at as created',
      'users.updated_at as updated',
      'users.source as source',
    ]);
}

export async function findUser(db: Kysely<Database>, userId: number): Promise<User | undefined> {
  return (await userById(db, userId))[0];
}

/** Compiled once: every signed-in request looks its user up (db/reusable-query.ts). */
const userById = reusableQuery(1, (db: Kysely<Database>, userId: number) => userQuery(db).where('users.id', '=', userId));

export async function listUsers(db: Kysely<Database>): Promise<User[]> {
  return userQuery(db).orderBy('users.id').execute();
}

/** For sign-in and password checks only. */
export async function findCredentials(db: Kysely<Database>, key: { username?: string; userId?: number }) {
  let query = db.selectFrom('users').select(['id', 'username', 'password_hash as passwordHash', 'source', 'sso_subject as ssoSubject']);
  if (key.username !== undefined) query = query.where('username_key', '=', usernameKey(key.username));
  else if (key.userId !== undefined) query = query.where('id', '=', key.userId);
  else return undefined;
  return query.executeTakeFirst();
}

export async function usernameTaken(db: Kysely<Database>, username: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('username_key', '=', usernameKey(username));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(
  db: Kysely<Database>,
  user: {
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    roleId: number;
    now: string;
    /** An SSO account (docs/sso.md): its IdP subject; its passwordHash is '' (no local password). */
    ssoSubject?: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      username_key: usernameKey(user.username),
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      password_hash: user.passwordHash,
      role_id: user.roleId,
      created_at: user.now,
      updated_at: user.now,
      ...(user.ssoSubject !== undefined ? { source: 'sso' as const, sso_subject: user.ssoSubject } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Kysely<Database>,
  userId: number,
  changes: {
    username?: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    roleId?: number;
    passwordHash?: string;
    now: string;
  },
): Promise<void> {
  const values: Partial<Selectable<UsersTable>> = { updated_at: changes.now };
  if (changes.username !== undefined) {
    values.username = changes.username;
    values.username_key = usernameKey(changes.username);
  }
  if (changes.firstName !== undefined) values.first_name = changes.firstName;
  if (changes.lastName !== undefined) values.last_name = changes.lastName;
  if (changes.email !== undefined) values.email = changes.email;
  if (changes.roleId !== undefined) values.role_id = changes.roleId;
  if (changes.passwordHash !== undefined) values.password_hash = changes.passwordHash;
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

export async function listUsersWithRoles(db: Kysely<Database>, roleIds: number[]): Promise<User[]> {
  if (roleIds.length === 0) return [];
  return userQuery(db).where('users.role_id', 'in', roleIds).orderBy('users.id').execute();
}

export async function deleteUserRow(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
