// From checked ID token claims to a BPM account (docs/sso.md (Accounts)): the username, the names, the email
// and the mapped role; or the reason the sign-in is refused.
import { usernameSchema } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { OidcConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { getRoles } from '../roles/roles.service.js';
import { upsertSsoUser, type SsoProfile } from '../users/users.service.js';
import type { User } from '@bpm/protocol';
import { mappedRole } from './role-map.js';
import type { SsoClaims } from './oidc-client.js';

/** Why a sign-in that the IdP vouched for is still refused; the login page words each (sso-messages in the web app). */
export type SsoRefusal = 'no-username' | 'no-role' | 'username-taken';

export type SsoOutcome =
  { ok: true; user: User; before: User | null } | { ok: false; reason: SsoRefusal; username: string | null; detail: string };

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** given_name and family_name, else `name` split at its last space. */
function names(claims: SsoClaims): { firstName: string; lastName: string } {
  const first = text(claims.given_name, 100);
  const last = text(claims.family_name, 100);
  if (first || last) return { firstName: first, lastName: last };
  const full = text(claims.name, 201);
  const space = full.lastIndexOf(' ');
  return space < 0
    ? { firstName: full.slice(0, 100), lastName: '' }
    : { firstName: full.slice(0, space).slice(0, 100), lastName: full.slice(space + 1).slice(0, 100) };
}

/** The claims BPM reads, so that the client fetches userinfo when the ID token lacks one. */
export const neededClaims = (settings: OidcConfig) => [settings.roleClaim, 'preferred_username', 'email'];

export async function accountFor(db: Kysely<Database>, settings: OidcConfig, claims: SsoClaims): Promise<SsoOutcome> {
  const parsed = usernameSchema.safeParse(text(claims.preferred_username, 200) || text(claims.email, 200));
  if (!parsed.success)
    return {
      ok: false,
      reason: 'no-username',
      username: null,
      detail: 'neither preferred_username nor email is a usable username',
    };
  const username = parsed.data;
  const roleName = mappedRole(settings.roleMap, claims[settings.roleClaim]);
  if (roleName === undefined)
    return {
      ok: false,
      reason: 'no-role',
      username,
      detail: `no BPM_OIDC_ROLE_MAP rule matches its ${settings.roleClaim} claim`,
    };
  const role = (await getRoles(db)).find((candidate) => candidate.name.toLowerCase() === roleName.toLowerCase());
  if (!role)
    return {
      ok: false,
      reason: 'no-role',
      username,
      detail: `BPM_OIDC_ROLE_MAP names the role ${roleName}, which does not exist`,
    };
  const profile: SsoProfile = {
    username,
    subject: claims.sub,
    ...names(claims),
    email: text(claims.email, 254),
    roleId: role.id,
  };
  const result = await upsertSsoUser(db, profile);
  if (result.taken)
    return { ok: false, reason: 'username-taken', username, detail: 'a local account (or another IdP user) holds this username' };
  return { ok: true, user: result.user, before: result.before };
}
