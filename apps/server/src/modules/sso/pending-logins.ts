// The oidc_logins table: sign-ins under way (docs/sso.md (How it works)). A row lives from the redirect to the
// IdP until its callback arrives (taken once: deleted as it is read) or until it expires unused.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Long enough to sign in at the IdP (a password, a second factor); short enough that a leaked state is stale. */
export const pendingLoginMs = 10 * 60_000;

export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function savePendingLogin(db: Kysely<Database>, login: PendingLogin, now: Date): Promise<void> {
  await db.deleteFrom('oidc_logins').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('oidc_logins')
    .values({
      state: login.state,
      nonce: login.nonce,
      code_verifier: login.codeVerifier,
      expires_at: new Date(now.getTime() + pendingLoginMs).toISOString(),
    })
    .execute();
}

/** The unexpired sign-in `state` names, removed in the same statement: a second callback with it finds nothing. */
export async function takePendingLogin(db: Kysely<Database>, state: string, now: Date): Promise<PendingLogin | undefined> {
  const row = await db
    .deleteFrom('oidc_logins')
    .where('state', '=', state)
    .returning(['state', 'nonce', 'code_verifier', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at < now.toISOString()) return undefined;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier };
}
