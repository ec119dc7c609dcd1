// Server-side sessions (the sessions table): started by sign-in, ended by sign-out, a password change or
// the user's deletion. Other modules and plugins/access.ts go through these functions, never the table.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken, newSessionToken } from '../../tokens.js';
import { deleteExpiredSessions, deleteSession, deleteUserSessions, findLiveSession, insertSession } from './sessions.queries.js';

export const sessionCookieName = 'bpm_session';

/** Starts a session for `userId` (clearing expired ones first); the token goes to the cookie, only its hash is stored. */
export async function startSession(
  db: Kysely<Database>,
  session: { userId: number; persistent: boolean; now: Date; expiresAt: Date },
): Promise<string> {
  const token = newSessionToken();
  await deleteExpiredSessions(db, session.now.toISOString());
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: session.userId,
    persistent: session.persistent,
    createdAt: session.now.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  });
  return token;
}

/** The unexpired session a cookie token names, or undefined. */
export function findSessionByToken(db: Kysely<Database>, token: string, now: string) {
  return findLiveSession(db, hashToken(token), now);
}

export function endSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  return deleteSession(db, sessionId);
}

/** Ends every session of a user, except `keepSessionId` (the caller's own, after changing their password). Pass a trx to join a transaction. */
export function endSessionsOfUser(db: Kysely<Database>, userId: number, keepSessionId?: number): Promise<void> {
  return deleteUserSessions(db, userId, keepSessionId);
}
