// Who is calling, and may they: every request's caller (session cookie or Bearer API key) is resolved at
// the root, and one hook of the /api scope enforces each route's declared `config.access` before the body
// is parsed or validated, so an unauthenticated request is 401 whatever it sends (docs/architecture-server.md).
import {
  apiKeyPrefix,
  levelForMethod,
  levelSatisfies,
  type PermissionLevel,
  type PermissionName,
  type User,
} from '@bpm/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { findKeyByToken } from '../modules/keys/keys.service.js';
import { permissionLevelsOfRole } from '../modules/roles/roles.service.js';
import { findSessionByToken, sessionCookieName } from '../modules/sessions/sessions.service.js';
import { findUser } from '../modules/users/users.service.js';
import type { Principal } from '../principal.js';

/**
 * What a route under /api requires, declared in its options as `config: { access }`:
 * - 'public': anyone (the handler may still read request.principal);
 * - 'signedIn': any session or API key, else 401;
 * - a permission: 401 when nobody is signed in, 403 when the caller's role lacks it at `level`
 *   (default: the level the HTTP method needs, see levelForMethod).
 */
export type RouteAccess = 'public' | 'signedIn' | { permission: PermissionName; level?: PermissionLevel };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The owner of an unexpired API key, acting with their role's current permissions; or null. */
export async function apiKeyPrincipal(db: Kysely<Database>, token: string, now: string): Promise<Principal | null> {
  if (!token.startsWith(apiKeyPrefix)) return null;
  const key = await findKeyByToken(db, token, now);
  const user = key && (await findUser(db, key.userId));
  if (!key || !user) return null;
  return {
    ...(await userPrincipal(db, user)),
    via: 'apiKey',
    keyId: key.keyId,
    keyName: key.keyName,
    keyExpirationDate: key.expirationDate,
  };
}

async function userPrincipal(db: Kysely<Database>, user: User) {
  return {
    userId: user.userId,
    username: user.username,
    roleId: user.roleId,
    permissions: await permissionLevelsOfRole(db, user.roleId),
  };
}

/** The caller of `request` (Bearer API key, else session cookie), or null. Used by the root hook and the live feed's recheck. */
export async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
  const db = request.server.db;
  const now = new Date().toISOString();
  const bearer = bearerToken(request);
  if (bearer !== undefined) return apiKeyPrincipal(db, bearer, now);
  const token = request.cookies[sessionCookieName];
  if (!token) return null;
  const session = await findSessionByToken(db, token, now);
  const user = session && (await findUser(db, session.userId));
  if (!session || !user) return null;
  return { ...(await userPrincipal(db, user)), via: 'session', sessionId: session.sessionId };
}

/** Throws 401 (nobody signed in) or 403 (permission missing or too low) unless `principal` satisfies `access`. */
export function enforceAccess(principal: Principal | null, access: RouteAccess, method: string): void {
  if (access === 'public') return;
  if (!principal) throw new UnauthorizedError();
  if (access === 'signedIn') return;
  const required = access.level ?? levelForMethod(method);
  const held = principal.permissions.get(access.permission);
  if (!held || !levelSatisfies(held, required)) {
    throw new ForbiddenError(`This needs the ${access.permission} permission at level ${required}`);
  }
}

/** Root: every request carries `principal` (null when nobody is signed in), resolved first thing. */
export const principalPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      request.principal = await resolvePrincipal(request);
    });
  },
  { name: 'bpm-principal', dependencies: ['@fastify/cookie'] },
);

/**
 * The /api scope's guard: registered first in the scope, it refuses at start-up any route declared
 * without `config.access`, and enforces the declared access in onRequest, before content-type
 * parsing and body validation.
 */
export const accessPlugin = fp(
  async (api: FastifyInstance) => {
    api.addHook('onRoute', (route) => {
      if (route.config?.access === undefined) {
        throw new Error(`${route.method} ${route.url} has no config.access: declare 'public', 'signedIn' or a permission`);
      }
    });
    api.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      // Unmatched URLs (404) have no route config: their answer reveals nothing, so nothing to enforce.
      if (access !== undefined) enforceAccess(request.principal, access, request.method);
    });
  },
  { name: 'bpm-access', dependencies: ['bpm-principal'] },
);

/** The caller of a route whose access is 'signedIn' or a permission (the access hook has let only callers through). */
export function callerOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
