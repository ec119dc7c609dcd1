// Single sign-on against a test OpenID provider over https (docs/sso.md, docs/security.md (Single sign-on)):
// each check of the relying party refuses a bad token with no session, accounts and roles follow the IdP, and
// SSO accounts cannot be edited in BPM. The browser-driven flow against oidc-provider is e2e/sso.spec.ts.
import { generateKeyPairSync } from 'node:crypto';
import tls from 'node:tls';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { sessionCookieName } from '../sessions/sessions.service.js';
import { parseRoleMap } from './role-map.js';
import { stateCookieName } from './sso.routes.js';
import { TestIdp, testClientId, testClientSecret } from './test-idp.testing.js';

const idp = new TestIdp();
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  await idp.start();
  // The app in this process fetches from the IdP: trust the run's certificate, as NODE_EXTRA_CA_CERTS does for a server.
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), idp.certificate.cert]);
  const roleMap = parseRoleMap('bpm-admins=Administrator,shift-leads=Supervisor,operators=Operator');
  if (typeof roleMap === 'string') throw new Error(roleMap);
  t = await createTestApp({
    publicUrl: 'http://localhost',
    oidc: {
      issuer: idp.issuer,
      clientId: testClientId,
      clientSecret: testClientSecret,
      displayName: 'Plant account',
      roleClaim: 'groups',
      roleMap,
    },
  });
  adminCookie = await t.loginAsAdmin();
});

afterAll(async () => {
  await t?.close();
  await idp.stop();
  idp.certificate.remove();
});

const user = (username: string, groups: string[]) => ({
  sub: `sub-${username}`,
  preferred_username: username,
  given_name: 'Sam',
  family_name: username,
  email: `${username}@plant.test`,
  groups,
});

/** BPM's redirect to the IdP: the authorization URL and the state cookie it set. */
async function startLogin() {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/login' });
  expect(response.statusCode).toBe(302);
  const cookie = response.cookies.find((c) => c.name === stateCookieName);
  return { url: String(response.headers.location), stateCookie: `${stateCookieName}=${cookie?.value}` };
}

/** The browser back at BPM's callback with `query`; answers where it was sent and the session cookie, if any. */
async function callback(query: string, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?${query}`, headers: { cookie } });
  return { location: String(response.headers.location), session: sessionOf(response) };
}

const sessionOf = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === sessionCookieName && c.value !== '');

/** A whole sign-in as `claims`, with the IdP answering as `idp.shape` says. */
async function signInAs(claims: Record<string, unknown>) {
  const { url, stateCookie } = await startLogin();
  const code = idp.authorize(url, claims);
  const state = new URL(url).searchParams.get('state');
  return callback(`code=${code}&state=${state}`, stateCookie);
}

async function listUsers() {
  const response = await t.app.inject({ method: 'GET', url: '/api/users', headers: withCookie(adminCookie) });
  return response.json() as { userId: number; username: string; role: string; source: string; firstName: string }[];
}

async function auditActions(action: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/audit?action=${action}`, headers: withCookie(adminCookie) });
  return response.json() as { action: string; via: string | null; target: { id: string } | null }[];
}

describe('single sign-on', () => {
  it('tells the login page it is configured and what to call the IdP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc' });
    expect(response.json()).toEqual({ configured: true, displayName: 'Plant account' });
  });

  it('sends the browser to the IdP with PKCE, state and nonce', async () => {
    const { url } = await startLogin();
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    expect(params.get('redirect_uri')).toBe('http://localhost/api/auth/oidc/callback');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)?.length).toBeGreaterThanOrEqual(32);
  });

  it('starts at the public address, where the IdP will send the browser back (and only once)', async () => {
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/login', headers: { host: '127.0.0.1' } });
    expect(elsewhere.headers.location).toBe('http://localhost/api/auth/oidc/login?at=public');
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/login?at=public', headers: { host: '127.0.0.1' } });
    expect(String(again.headers.location).startsWith(`${idp.issuer}/auth?`)).toBe(true);
  });

  it('creates the account on the first sign-in with the mapped role, and follows the IdP on the next', async () => {
    const first = await signInAs(user('sam', ['shift-leads']));
    expect(first.location).toBe('/');
    expect(first.session).toBeDefined();
    expect((await listUsers()).find((u) => u.username === 'sam')).toMatchObject({
      role: 'Supervisor',
      source: 'sso',
      firstName: 'Sam',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/login',
      headers: { cookie: `${sessionCookieName}=${first.session?.value}` },
    });
    expect(me.json()).toMatchObject({ username: 'sam', source: 'sso' });

    const second = await signInAs({ ...user('sam', ['bpm-admins', 'shift-leads']), given_name: 'Samuel' });
    expect(second.session).toBeDefined();
    expect((await listUsers()).find((u) => u.username === 'sam')).toMatchObject({ role: 'Administrator', firstName: 'Samuel' });
    expect((await auditActions('user.create')).some((e) => e.via === 'sso')).toBe(true);
    expect((await auditActions('auth.sign-in')).filter((e) => e.via === 'sso').length).toBeGreaterThanOrEqual(2);
  });

  it('gives two first sign-ins of one new user at once one account and two sessions (no 500)', async () => {
    const [a, b] = await Promise.all([signInAs(user('twin', ['operators'])), signInAs(user('twin', ['operators']))]);
    expect([a.location, b.location]).toEqual(['/', '/']);
    expect(a.session && b.session).toBeDefined();
    expect((await listUsers()).filter((u) => u.username === 'twin')).toHaveLength(1);
  });

  it('refuses a user whose groups match no rule (the map has no *), with no account and no session', async () => {
    const result = await signInAs(user('visitor', ['visitors']));
    expect(result).toMatchObject({ location: '/login?sso=no-role', session: undefined });
    expect((await listUsers()).some((u) => u.username === 'visitor')).toBe(false);
    expect((await auditActions('auth.sso-refused')).some((e) => e.target?.id === 'visitor')).toBe(true);
  });

  it('does not take over a local account with the same username', async () => {
    const result = await signInAs(user('admin', ['bpm-admins']));
    expect(result).toMatchObject({ location: '/login?sso=username-taken', session: undefined });
    expect((await listUsers()).find((u) => u.username === 'admin')?.source).toBe('local');
  });

  describe('refuses a bad ID token, with no session', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    it.each([
      ['a wrong issuer', (c: Record<string, unknown>) => ({ claims: { ...c, iss: 'https://evil.example' } })],
      ['a wrong audience', (c: Record<string, unknown>) => ({ claims: { ...c, aud: 'another-client' } })],
      [
        'an expiry 2 minutes past (beyond the 30 s clock tolerance)',
        (c: Record<string, unknown>) => ({ claims: { ...c, exp: now() - 120 } }),
      ],
      ['a nonce of another sign-in', (c: Record<string, unknown>) => ({ claims: { ...c, nonce: 'another-nonce' } })],
      ['a signature by a key the IdP does not publish', (c: Record<string, unknown>) => ({ claims: c, key: otherKey })],
    ])('%s', async (_name, shape) => {
      idp.shape = shape;
      try {
        expect(await signInAs(user('mallory', ['bpm-admins']))).toMatchObject({
          location: '/login?sso=failed',
          session: undefined,
        });
      } finally {
        idp.shape = (claims) => ({ claims });
      }
      expect((await listUsers()).some((u) => u.username === 'mallory')).toBe(false);
    });

    it('accepts an expiry 10 s past: within the clock tolerance', async () => {
      idp.shape = (claims) => ({ claims: { ...claims, exp: now() - 10 } });
      try {
        expect((await signInAs(user('skewed', ['operators']))).session).toBeDefined();
      } finally {
        idp.shape = (claims) => ({ claims });
      }
    });
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const mine = await startLogin();
    const theirs = await startLogin();
    const code = idp.authorize(theirs.url, user('mallory', ['bpm-admins']));
    const result = await callback(`code=${code}&state=${new URL(theirs.url).searchParams.get('state')}`, mine.stateCookie);
    expect(result).toMatchObject({ location: '/login?sso=failed', session: undefined });
  });

  it('refuses a replayed callback', async () => {
    const { url, stateCookie } = await startLogin();
    const query = `code=${idp.authorize(url, user('replayed', ['operators']))}&state=${new URL(url).searchParams.get('state')}`;
    expect((await callback(query, stateCookie)).session).toBeDefined();
    expect(await callback(query, stateCookie)).toMatchObject({ location: '/login?sso=failed', session: undefined });
  });

  it('keeps the role, name and password of an SSO account out of BPM’s hands', async () => {
    const sam = (await listUsers()).find((u) => u.username === 'sam')!;
    const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: withCookie(adminCookie) });
    const body = { username: 'sam', firstName: 'Samuel', lastName: 'sam', email: 'sam@plant.test', roleId: 3 };
    const role = await put(`/api/users/${sam.userId}`, body);
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toMatch(/managed by single sign-on/);
    expect((await put(`/api/users/${sam.userId}`, { ...body, roleId: 1, firstName: 'Sammy' })).statusCode).toBe(403);
    expect((await put(`/api/users/change-password/${sam.userId}`, { newPassword: 'a-new-password' })).statusCode).toBe(403);
    // Nor can anyone sign in as it with a password.
    const local = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sam', password: '' + 'x'.repeat(8) },
    });
    expect(local.statusCode).toBe(401);
  });

  it('signs an SSO account out through the IdP’s end-session endpoint', async () => {
    const { session } = await signInAs(user('leaving', ['operators']));
    const cookie = `${sessionCookieName}=${session?.value}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: withCookie(cookie) });
    const endSession = new URL(response.json<{ endSessionUrl: string }>().endSessionUrl);
    expect(endSession.origin + endSession.pathname).toBe(`${idp.issuer}/logout`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost/login');
    expect((await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } })).statusCode).toBe(401);
  });

  it('sends the browser back to Login with "unavailable" while the IdP is down', async () => {
    const port = idp.port;
    await idp.stop();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/login' });
      expect(response.headers.location).toBe('/login?sso=unavailable');
    } finally {
      await idp.start(port);
    }
  });
});
