// GET/POST /login and POST /logout (docs/api.md (Authentication)).
import { loginRequestSchema, userSchema } from '@bpm/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { sessionCookieName } from '../sessions/sessions.service.js';
import { signedInUser, signIn, signOut, type SignedIn } from './auth.service.js';
import { auditRequest } from '../audit/audit.service.js';
import { logLine } from '../../log-text.js';
import { DeviceCookies, deviceCookieName, loadDeviceCookieSecret } from './device-cookie.js';
import { LoginThrottle } from './login-throttle.js';

const tags = ['Authentication'];
/** A device cookie outlives any session: it only vouches for the browser at the next sign-in. */
const deviceCookieDays = 365;
// Signing in and out is for everyone; GET /login answers 401 "Not signed in" itself.
const config = { access: 'public' } as const;

/** Host-only by default; Domain=BPM_PUBLIC_HOST when served under it, so api.{host} and the live feed share it (docs/server.md). */
function cookieDomain(request: FastifyRequest): string | undefined {
  const publicHost = request.server.config.publicHost;
  if (!publicHost) return undefined;
  const hostname = request.hostname.toLowerCase();
  return hostname === publicHost || hostname.endsWith(`.${publicHost}`) ? publicHost : undefined;
}

function cookieOptions(request: FastifyRequest) {
  const domain = cookieDomain(request);
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(domain ? { domain } : {}),
  };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): void {
  reply.setCookie(sessionCookieName, signedIn.token, {
    ...cookieOptions(request),
    ...(signedIn.persistent ? { expires: signedIn.expiresAt } : {}),
  });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guards = {
    // Cluster mode shares both through Redis (docs/deployment.md (Cluster mode)).
    throttle: new LoginThrottle(app.config.loginThrottle, app.cluster.throttleStore),
    devices: new DeviceCookies(app.cluster.deviceCookieSecret ?? loadDeviceCookieSecret(app.config.dataDir)),
  };

  r.get(
    '/login',
    { config, schema: { tags, summary: 'Is there a signed-in session?', response: { 200: userSchema } } },
    (request) => signedInUser(app.db, request.principal),
  );

  r.post(
    '/login',
    { config, schema: { tags, summary: 'Sign in', body: loginRequestSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const signedIn = await signIn(app.db, guards, {
        ...request.body,
        address: request.ip,
        hashLog2N: app.config.passwordHashLog2N,
        deviceCookie: request.cookies[deviceCookieName],
      });
      setSessionCookie(request, reply, signedIn);
      reply.setCookie(deviceCookieName, signedIn.deviceCookie, {
        ...cookieOptions(request),
        expires: new Date(Date.now() + deviceCookieDays * 86_400_000),
      });
      request.log.info(logLine`User ${signedIn.user.username} signed in` + (signedIn.persistent ? ' (remembered)' : ''));
      return signedIn.user;
    },
  );

  // Idempotent: signing out of a session that already ended still succeeds, so the client never shows
  // "Failed to log out" for a session that expired while the page was open.
  r.post(
    '/logout',
    { config, schema: { tags, summary: 'Sign out (204 even when no session is left)' } },
    async (request, reply) => {
      const principal = request.principal;
      await signOut(app.db, principal);
      if (principal?.sessionId !== undefined) {
        await app.liveSessions.credentialsChanged({ sessionId: principal.sessionId });
        await auditRequest(request, { action: 'auth.sign-out', target: { type: 'user', id: principal.userId } });
      }
      reply.clearCookie(sessionCookieName, cookieOptions(request));
      return reply.code(204).send();
    },
  );
}
