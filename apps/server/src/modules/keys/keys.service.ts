// Personal API keys (docs/api.md (API keys)): `bpm_` + base62 of 32 random bytes, shown once, stored as SHA-256.
import { apiKeyPrefix, type ApiKey, type CreatedApiKey, type KeyCheck } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../errors.js';
import type { Principal } from '../../plugins/access.js';
import { hashToken, randomBase62 } from '../../tokens.js';
import { deleteAllUserKeys, deleteUserKey, findLiveKey, findUserKey, insertKey, listUserKeys } from './keys.queries.js';

export function newApiKeyToken(): string {
  return `${apiKeyPrefix}${randomBase62(32)}`;
}

/** Creates a key for `userId`; the answer is the only place the token ever appears. */
export async function createApiKey(
  db: Kysely<Database>,
  input: { userId: number; name: string; expirationDate: string },
): Promise<CreatedApiKey> {
  const expires = new Date(input.expirationDate);
  if (Number.isNaN(expires.getTime())) {
    throw new BadRequestError('Expiration date must be an ISO 8601 date-time', [
      { path: 'expirationDate', message: 'Expiration date must be an ISO 8601 date-time' },
    ]);
  }
  if (expires.getTime() <= Date.now()) {
    throw new BadRequestError('Expiration date must be in the future', [
      { path: 'expirationDate', message: 'Expiration date must be in the future' },
    ]);
  }
  const token = newApiKeyToken();
  const id = await insertKey(db, {
    userId: input.userId,
    name: input.name,
    tokenHash: hashToken(token),
    expirationDate: expires.toISOString(),
    now: new Date().toISOString(),
  });
  const key = await findUserKey(db, input.userId, id);
  if (!key) throw new Error('created API key not found');
  return { ...key, token };
}

export function listApiKeys(db: Kysely<Database>, userId: number): Promise<ApiKey[]> {
  return listUserKeys(db, userId);
}

/** The unexpired key a Bearer token names (with its owner's id), or undefined. */
export function findKeyByToken(db: Kysely<Database>, token: string, now: string) {
  return findLiveKey(db, hashToken(token), now);
}

/** For deleting a user: pass the transaction's trx. */
export function deleteKeysOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  return deleteAllUserKeys(db, userId);
}

export async function deleteApiKey(db: Kysely<Database>, userId: number, keyId: number): Promise<void> {
  // Someone else's key answers the same as a missing one: a user sees only their own keys.
  if (!(await deleteUserKey(db, userId, keyId))) throw new NotFoundError('API key not found');
}

export function checkApiKey(principal: Principal | null): KeyCheck {
  if (principal?.via !== 'apiKey' || principal.keyId === undefined) throw new UnauthorizedError('A valid API key is required');
  return {
    userId: principal.userId,
    username: principal.username,
    keyId: principal.keyId,
    keyName: principal.keyName ?? '',
    expirationDate: principal.keyExpirationDate ?? '',
  };
}
