// Server-side sessions: stored by token hash, ended by logout, password change or user deletion.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function insertSession(
  db: Kysely<Database>,
  session: { tokenHash: string; userId: number; persistent: boolean; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      persistent: session.persistent ? 1 : 0,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findLiveSession(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id as sessionId', 'user_id as userId'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, except `keepSessionId` (the caller's own, after changing their password). */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, keepSessionId?: number): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
