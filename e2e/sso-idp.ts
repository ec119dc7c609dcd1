// A real OpenID provider for e2e/sso.spec.ts: oidc-provider (its development login and consent pages) over
// https with a certificate made for the run, the BPM server trusting it through NODE_EXTRA_CA_CERTS.
import { createServer, type Server } from 'node:https';
import Provider, { type Account } from 'oidc-provider';
import { makeTestCertificate, type TestCertificate } from '../apps/server/src/testing/test-certificate';

export const clientId = 'bpm';
export const clientSecret = 'bpm-e2e-secret';

/** The IdP's users, by the login typed on its page: what their ID token and userinfo say. */
const people: Record<string, Record<string, unknown>> = {
  ada: {
    preferred_username: 'ada',
    given_name: 'Ada',
    family_name: 'Lovelace',
    email: 'ada@plant.test',
    groups: ['shift-leads'],
  },
  eve: { preferred_username: 'eve', given_name: 'Eve', family_name: 'Visitor', email: 'eve@plant.test', groups: ['visitors'] },
};

export interface RunningIdp {
  issuer: string;
  certificate: TestCertificate;
  stop(): Promise<void>;
}

export async function startIdp(port: number, bpmUrl: string): Promise<RunningIdp> {
  const certificate = makeTestCertificate();
  const issuer = `https://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${bpmUrl}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${bpmUrl}/login`],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username', 'given_name', 'family_name', 'groups'], email: ['email'] },
    findAccount: (_context: unknown, id: string): Account => ({ accountId: id, claims: () => ({ sub: id, ...people[id] }) }),
    cookies: { keys: ['bpm-e2e-cookie-key'] },
    // Explicit lifetimes (seconds) keep oidc-provider from printing a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  });
  const server: Server = createServer({ cert: certificate.cert, key: certificate.key }, provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let stopped = false;
  return {
    issuer,
    certificate,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
