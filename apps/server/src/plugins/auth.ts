// Resolves every request's caller (session cookie or Bearer API key) and offers the guards routes use.
import { apiKeyPrefix, levelForMethod, levelSatisfies, type PermissionLevel, type PermissionName } from '@bpm/protocol';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { findApiKeyCaller, findSessionCaller, rolePermissionLevels } from '../modules/auth/principal.queries.js';
import { hashToken } from '../modules/auth/tokens.js';

export const sessionCookieName = 'bpm_session';

export interface Principal {
  userId: number;
  username: string;
  roleId: number;
  /** The role's permissions at this moment: a key acts with its owner's current permissions. */
  permissions: Map<PermissionName, PermissionLevel>;
  via: 'session' | 'apiKey';
  sessionId?: number;
  keyId?: number;
  keyName?: string;
  keyExpirationDate?: string;
}

declare module 'fastify' {
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

/** The caller of `request`, or null. Used by the auth hook and by the WebSocket upgrade. */
export async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
  const db = request.server.db;
  const now = new Date().toISOString();
  const bearer = bearerToken(request);
  if (bearer !== undefined) {
    if (!bearer.startsWith(apiKeyPrefix)) return null;
    const key = await findApiKeyCaller(db, hashToken(bearer), now);
    if (!key) return null;
    return {
      userId: key.userId,
      username: key.username,
      roleId: key.roleId,
      permissions: await rolePermissionLevels(db, key.roleId),
      via: 'apiKey',
      keyId: key.keyId,
      keyName: key.keyName,
      keyExpirationDate: key.expirationDate,
    };
  }
  const token = request.cookies[sessionCookieName];
  if (!token) return null;
  const session = await findSessionCaller(db, hashToken(token), now);
  if (!session) return null;
  return {
    userId: session.userId,
    username: session.username,
    roleId: session.roleId,
    permissions: await rolePermissionLevels(db, session.roleId),
    via: 'session',
    sessionId: session.sessionId,
  };
}

/** 401 unless someone is signed in (session or API key). */
export function requireAuth(): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.principal) throw new UnauthorizedError();
  };
}

/** 401 when nobody is signed in; 403 when the caller's role lacks `name` at `level` (default: by method, design §4). */
export function requirePermission(name: PermissionName, level?: PermissionLevel): preHandlerAsyncHookHandler {
  return async (request) => {
    const principal = request.principal;
    if (!principal) throw new UnauthorizedError();
    const required = level ?? levelForMethod(request.method);
    const held = principal.permissions.get(name);
    if (!held || !levelSatisfies(held, required)) {
      throw new ForbiddenError(`This needs the ${name} permission at level ${required}`);
    }
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      request.principal = await resolvePrincipal(request);
    });
  },
  { name: 'bpm-auth', dependencies: ['@fastify/cookie'] },
);
