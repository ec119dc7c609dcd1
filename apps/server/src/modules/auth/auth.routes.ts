// GET/POST /login and POST /logout (docs/api.md (Authentication)).
import { loginRequestSchema, userSchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { sessionCookieName } from '../sessions/sessions.service.js';
import { cookieOptions, setSessionCookie, signedInUser, signIn, signOut } from './auth.service.js';
import { auditRequest } from '../audit/audit.service.js';
import { logLine } from '../../log-text.js';
import { DeviceCookies, deviceCookieName, loadDeviceCookieSecret } from './device-cookie.js';
import { LoginThrottle } from './login-throttle.js';

const tags = ['Authentication'];
/** A device cookie outlives any session: it only vouches for the browser at the next sign-in. */
const deviceCookieDays = 365;
// Signing in and out is for everyone; GET /login answers 401 "Not signed in" itself.
const config = { access: 'public' } as const;

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
    {
      config,
      schema: {
        tags,
        summary: 'Sign out (204 even when no session is left; 200 with the IdP end-session address for a single sign-on account)',
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      // docs/sso.md (Signing out): an SSO account's browser goes on to the IdP's end-session endpoint.
      const endSessionUrl = principal?.sessionId !== undefined ? await app.ssoEndSessionUrl?.(principal.userId) : undefined;
      await signOut(app.db, principal);
      if (principal?.sessionId !== undefined) {
        await app.liveSessions.credentialsChanged({ sessionId: principal.sessionId });
        await auditRequest(request, { action: 'auth.sign-out', target: { type: 'user', id: principal.userId } });
      }
      reply.clearCookie(sessionCookieName, cookieOptions(request));
      return endSessionUrl ? { endSessionUrl } : reply.code(204).send();
    },
  );
}
