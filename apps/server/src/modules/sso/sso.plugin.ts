// The single sign-on module (docs/sso.md): the OpenID Connect routes, and the IdP end-session address that
// POST /logout sends an SSO account on to.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OidcClient } from './oidc-client.js';
import { ssoRoutes } from './sso.routes.js';
import { getUser } from '../users/users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where an SSO account's browser goes after POST /logout; undefined for a local account or without an end-session endpoint. */
    ssoEndSessionUrl?: (userId: number) => Promise<string | undefined>;
  }
}

export const ssoModule = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.oidc;
    const client = settings ? new OidcClient(settings, `${app.config.publicUrl}/api/auth/oidc/callback`) : undefined;
    if (client)
      app.decorate('ssoEndSessionUrl', async (userId: number) => {
        const user = await getUser(app.db, userId).catch(() => undefined);
        return user?.source === 'sso' ? client.endSessionUrl(`${app.config.publicUrl}/login`) : undefined;
      });
    await app.register(ssoRoutes, { settings, client });
  },
  { name: 'bpm-sso', dependencies: ['bpm-access', '@fastify/cookie'] },
);
