// Single sign-on routes (docs/sso.md (How it works)): GET /auth/oidc (is it configured, and the button's
// words), /auth/oidc/login (off to the IdP) and /auth/oidc/callback (back from it, signed in or refused).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ssoStatusSchema, type SsoLoginCode } from '@bpm/protocol';
import type { OidcConfig } from '../../config.js';
import { logLine } from '../../log-text.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { recordAudit, changesBetween, type AuditSource } from '../audit/audit.service.js';
import { browserSessionMs, cookieOptions, setSessionCookie } from '../auth/auth.service.js';
import { startSession } from '../sessions/sessions.service.js';
import { IdpUnavailableError, type OidcClient } from './oidc-client.js';
import { pendingLoginMs, savePendingLogin, takePendingLogin } from './pending-logins.js';
import { accountFor, neededClaims } from './sso-accounts.js';

const tags = ['Authentication'];
const config = { access: 'public' } as const;
/** Binds a sign-in to the browser that started it: a callback without it (a forged link) is refused. */
export const stateCookieName = 'bpm_oidc_state';
const userFields = ['username', 'firstName', 'lastName', 'email', 'roleId'] as const;

/** The login page words each code (apps/web/src/features/auth/sso-messages.ts). */
const toLogin = (reply: FastifyReply, code: SsoLoginCode) => reply.redirect(`/login?sso=${code}`);

/** A refused sign-in has no actor: nobody was signed in. */
const anonymousSso = (request: FastifyRequest): AuditSource => ({ actor: null, via: 'sso', address: request.ip ?? null });

export async function ssoRoutes(
  app: FastifyInstance,
  options: { settings: OidcConfig | undefined; client: OidcClient | undefined },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings, client } = options;
  const publicHost = new URL(app.config.publicUrl).host.toLowerCase();
  const stateCookie = (request: FastifyRequest) => ({ ...cookieOptions(request), path: '/api/auth/oidc' });

  r.get(
    '/auth/oidc',
    {
      config,
      schema: {
        tags,
        summary: 'Is single sign-on configured, and what the login button calls the identity provider',
        response: { 200: ssoStatusSchema },
      },
    },
    () => ({ configured: settings !== undefined, displayName: settings?.displayName ?? null }),
  );

  r.get(
    '/auth/oidc/login',
    { config, schema: { tags, summary: 'Start single sign-on (a redirect to the IdP)' } },
    async (request, reply) => {
      if (!settings || !client)
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Single sign-on is not configured' });
      // The state cookie must be set where the IdP sends the browser back: the public address. By host only, and
      // once (`?at=public`): behind a TLS proxy that BPM_TRUST_PROXY does not name, the scheme seen here is http.
      const onPublicHost = new URL(`http://${request.host}`).host.toLowerCase() === publicHost;
      if (!onPublicHost && (request.query as { at?: string }).at !== 'public')
        return reply.redirect(`${app.config.publicUrl}/api/auth/oidc/login?at=public`);
      try {
        const { url, pending } = await client.startLogin();
        const now = new Date();
        await savePendingLogin(app.db, pending, now);
        reply.setCookie(stateCookieName, pending.state, { ...stateCookie(request), maxAge: pendingLoginMs / 1000 });
        return reply.redirect(url.href);
      } catch (error) {
        if (!(error instanceof IdpUnavailableError)) throw error;
        request.log.warn(logLine`Single sign-on is not available: ${error.message}`);
        return toLogin(reply, 'unavailable');
      }
    },
  );

  r.get(
    '/auth/oidc/callback',
    {
      config,
      schema: { tags, summary: 'Where the IdP sends the browser back (redirects to the app, or to Login with a reason)' },
    },
    async (request, reply) => {
      if (!settings || !client)
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Single sign-on is not configured' });
      const query = request.raw.url?.split('?')[1] ?? '';
      const state = new URLSearchParams(query).get('state');
      const cookieState = request.cookies[stateCookieName];
      reply.clearCookie(stateCookieName, stateCookie(request));
      const refuse = async (reason: string, username: string | null, detail: string, code: SsoLoginCode = 'failed') => {
        request.log.warn(logLine`Single sign-on refused${username ? ` for ${username}` : ''}: ${detail}`);
        await recordAudit(app.db, anonymousSso(request), {
          action: 'auth.sso-refused',
          target: username ? { type: 'username', id: username } : null,
          changes: { reason: { before: null, after: reason } },
        });
        return toLogin(reply, code);
      };
      // Taken (deleted) before anything else is checked: each state is good for one callback only.
      const pending = state ? await takePendingLogin(app.db, state, new Date()) : undefined;
      if (!pending || cookieState !== state)
        return refuse('state', null, pending ? 'the state cookie does not match' : 'unknown, used or expired state');
      let claims;
      try {
        claims = await client.finishLogin(query, pending, neededClaims(settings));
      } catch (error) {
        const unavailable =
          error instanceof IdpUnavailableError || (error instanceof TypeError && error.message === 'fetch failed');
        return refuse('token', null, (error as Error).message, unavailable ? 'unavailable' : 'failed');
      }
      const outcome = await accountFor(app.db, settings, claims);
      if (!outcome.ok) return refuse(outcome.reason, outcome.username, outcome.detail, outcome.reason);
      const { user, before } = outcome;
      const source: AuditSource = {
        actor: { id: user.userId, username: user.username },
        via: 'sso',
        address: request.ip ?? null,
      };
      const changes = changesBetween(before, user, userFields);
      if (!before)
        await recordAudit(app.db, source, { action: 'user.create', target: { type: 'user', id: user.userId }, changes });
      else if (Object.keys(changes).length > 0)
        await recordAudit(app.db, source, { action: 'user.update', target: { type: 'user', id: user.userId }, changes });
      const now = new Date();
      const expiresAt = new Date(now.getTime() + browserSessionMs);
      const token = await startSession(app.db, { userId: user.userId, persistent: false, now, expiresAt });
      // A role the IdP changed reaches open live feeds at once, as an administrator's change does.
      if (before) await app.liveSessions.credentialsChanged({ userId: user.userId });
      await recordAudit(app.db, source, { action: 'auth.sign-in', target: { type: 'user', id: user.userId } });
      setSessionCookie(request, reply, { token, persistent: false, expiresAt });
      request.log.info(logLine`User ${user.username} signed in through single sign-on` + (before ? '' : ' (account created)'));
      return reply.redirect('/');
    },
  );
}
