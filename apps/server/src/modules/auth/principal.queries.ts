// Who is calling: a session token or an API key (by hash) to its live user and role permissions.
import type { PermissionLevel, PermissionName } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CallerRow {
  userId: number;
  username: string;
  roleId: number;
}

export async function findSessionCaller(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.username as username', 'users.role_id as roleId'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function findApiKeyCaller(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.name as keyName',
      'api_keys.expiration_date as expirationDate',
      'users.id as userId',
      'users.username as username',
      'users.role_id as roleId',
    ])
    .where('api_keys.token_hash', '=', tokenHash)
    .where('api_keys.expiration_date', '>', now)
    .executeTakeFirst();
}

export async function rolePermissionLevels(db: Kysely<Database>, roleId: number): Promise<Map<PermissionName, PermissionLevel>> {
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .innerJoin('permission_levels', 'permission_levels.id', 'role_permissions.permission_level_id')
    .select(['permissions.name as name', 'permission_levels.name as level'])
    .where('role_permissions.role_id', '=', roleId)
    .execute();
  return new Map(rows.map((r) => [r.name as PermissionName, r.level as PermissionLevel]));
}
