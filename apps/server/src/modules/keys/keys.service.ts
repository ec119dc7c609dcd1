// Personal API keys (docs/api.md (API keys)): `bpm_` + base62 of 32 random bytes, shown once, stored as SHA-256.
import { apiKeyPrefix, type ApiKey, type CreatedApiKey, type KeyCheck } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.js';
import type { Principal } from '../../principal.js';
import { hashToken, randomBase62 } from '../../tokens.js';
import { deleteAllUserKeys, deleteUserKey, findLiveKey, findUserKey, insertKey, listUserKeys } from './keys.queries.js';

export function newApiKeyToken(): string {
  return `${apiKeyPrefix}${randomBase62(32)}`;
}

/** Creates a key for the caller; the answer is the only place the token ever appears. A key cannot make keys
 * (a leaked key must not outlive its own expiry), and no key lives longer than `maxDays` (docs/security.md). */
export async function createCallerApiKey(
  db: Kysely<Database>,
  actor: Principal,
  input: { name: string; expirationDate: string },
  maxDays: number,
): Promise<CreatedApiKey> {
  if (actor.via === 'apiKey') throw new ForbiddenError('An API key cannot create API keys; sign in to create one');
  return createApiKey(db, { userId: actor.userId, ...input }, maxDays);
}

/** Creates a key for `userId` (also the server's own demo key, made without a caller). */
export async function createApiKey(
  db: Kysely<Database>,
  input: { userId: number; name: string; expirationDate: string },
  maxDays = 365,
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
  if (expires.getTime() > Date.now() + maxDays * 86_400_000) {
    const message = `Expiration date must be at most ${maxDays} days ahead`;
    throw new BadRequestError(message, [{ path: 'expirationDate', message }]);
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
