// Sign-in and sign-out: password check with throttling, server-side session creation and removal.
import type { User } from '@bpm/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { UnauthorizedError } from '../../errors.js';
import { decoyPasswordHash, verifyPassword } from '../../password.js';
import type { Principal } from '../../principal.js';
import { endSession, sessionCookieName, startSession } from '../sessions/sessions.service.js';
import { findCredentials, findUser, usernameKey } from '../users/users.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { DeviceCookies } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';

/** For MQTT's CONNECTs, which count in the same throttle (docs/mqtt.md). */
export { LoginThrottle } from './login-throttle.js';

/** docs/api.md (Authentication): "Remember me" keeps a session 30 days; otherwise a browser-session cookie whose session ends after 12 h. */
export const rememberedSessionMs = 30 * 24 * 3600_000;
export const browserSessionMs = 12 * 3600_000;

export interface SignedIn {
  user: User;
  token: string;
  persistent: boolean;
  expiresAt: Date;
  /** A fresh device cookie for this browser and user (docs/security.md "Device cookies"). */
  deviceCookie: string;
}

export interface SignInGuards {
  throttle: LoginThrottle;
  devices: DeviceCookies;
}

export async function signIn(
  db: Kysely<Database>,
  guards: SignInGuards,
  request: {
    username: string;
    password: string;
    rememberMe: boolean;
    address: string;
    hashLog2N: number;
    /** The browser's device cookie, if any. */
    deviceCookie?: string;
  },
): Promise<SignedIn> {
  const key = usernameKey(request.username);
  const deviceId = guards.devices.deviceFor(request.deviceCookie, key);
  // Throws 429/503 before any hashing; from here on this attempt holds its place in every counter.
  const attempt = await guards.throttle.begin({ address: request.address, usernameKey: key, deviceId });
  let credentials: Awaited<ReturnType<typeof findCredentials>>;
  let isValid: boolean;
  try {
    credentials = await findCredentials(db, { username: request.username });
    // An unknown username costs the same hashing time as a wrong password, so timing does not tell them apart.
    // An SSO account has no local password (docs/sso.md): it is checked against the decoy and never matches.
    const localHash = credentials?.source === 'local' ? credentials.passwordHash : undefined;
    isValid = await verifyPassword(request.password, localHash ?? (await decoyPasswordHash(request.hashLog2N)), {
      priority: attempt.priority,
    });
  } catch (error) {
    await attempt.failed();
    throw error;
  }
  if (!credentials || !isValid || credentials.source !== 'local') {
    await attempt.failed();
    await recordAudit(
      db,
      { actor: null, via: null, address: request.address },
      { action: 'auth.sign-in-failed', target: { type: 'username', id: request.username } },
    );
    throw new UnauthorizedError('Invalid username or password');
  }
  await attempt.succeeded();

  const now = new Date();
  const persistent = request.rememberMe;
  const expiresAt = new Date(now.getTime() + (persistent ? rememberedSessionMs : browserSessionMs));
  const token = await startSession(db, { userId: credentials.id, persistent, now, expiresAt });
  const user = await findUser(db, credentials.id);
  if (!user) throw new UnauthorizedError('Invalid username or password');
  await recordAudit(
    db,
    { actor: { id: user.userId, username: user.username }, via: 'session', address: request.address },
    { action: 'auth.sign-in', target: { type: 'user', id: user.userId } },
  );
  return { user, token, persistent, expiresAt, deviceCookie: guards.devices.issue(key) };
}

/** GET /login: the signed-in user, or 401 "Not signed in". */
export async function signedInUser(db: Kysely<Database>, principal: Principal | null): Promise<User> {
  const user = principal && (await findUser(db, principal.userId));
  if (!user) throw new UnauthorizedError('Not signed in');
  return user;
}

/** Ends the caller's session, if the request came with one (an API key has none to end). */
export async function signOut(db: Kysely<Database>, principal: Principal | null): Promise<void> {
  if (principal?.sessionId !== undefined) await endSession(db, principal.sessionId);
}

/** Host-only by default; Domain=BPM_PUBLIC_HOST when served under it, so api.{host} and the live feed share it (docs/server.md). */
function cookieDomain(request: FastifyRequest): string | undefined {
  const publicHost = request.server.config.publicHost;
  if (!publicHost) return undefined;
  const hostname = request.hostname.toLowerCase();
  return hostname === publicHost || hostname.endsWith(`.${publicHost}`) ? publicHost : undefined;
}

export function cookieOptions(request: FastifyRequest) {
  const domain = cookieDomain(request);
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(domain ? { domain } : {}),
  };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: Pick<SignedIn, 'token' | 'persistent' | 'expiresAt'>,
): void {
  reply.setCookie(sessionCookieName, signedIn.token, {
    ...cookieOptions(request),
    ...(signedIn.persistent ? { expires: signedIn.expiresAt } : {}),
  });
}
