// api_keys table ↔ protocol ApiKey. Only the token's hash is ever stored.
import type { ApiKey } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database } from '../../db/schema.js';

function keyQuery(db: Kysely<Database>) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'expiration_date as expirationDate', 'created_at as creationDate', 'updated_at as updateDate']);
}

export function listUserKeys(db: Kysely<Database>, userId: number): Promise<ApiKey[]> {
  return keyQuery(db).where('user_id', '=', userId).orderBy('id').execute();
}

export function findUserKey(db: Kysely<Database>, userId: number, keyId: number): Promise<ApiKey | undefined> {
  return keyQuery(db).where('user_id', '=', userId).where('id', '=', keyId).executeTakeFirst();
}

export async function insertKey(
  db: Kysely<Database>,
  key: { userId: number; name: string; tokenHash: string; expirationDate: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({
      user_id: key.userId,
      name: key.name,
      token_hash: key.tokenHash,
      expiration_date: key.expirationDate,
      created_at: key.now,
      updated_at: key.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteUserKey(db: Kysely<Database>, userId: number, keyId: number): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('user_id', '=', userId).where('id', '=', keyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** An unexpired key by its token's hash: the caller of a Bearer request. */
export async function findLiveKey(db: Kysely<Database>, tokenHash: string, now: string) {
  return (await liveKeys(db, tokenHash, now))[0];
}

/** Compiled once: it runs before every request with a Bearer key (db/reusable-query.ts). */
const liveKeys = reusableQuery(2, (db: Kysely<Database>, tokenHash: string, now: string) =>
  db
    .selectFrom('api_keys')
    .select(['id as keyId', 'name as keyName', 'expiration_date as expirationDate', 'user_id as userId'])
    .where('token_hash', '=', tokenHash)
    .where('expiration_date', '>', now),
);

export async function deleteAllUserKeys(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('api_keys').where('user_id', '=', userId).execute();
}
