// Sign-in, sign-out and session behaviour through the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testAdminPassword, testOrigin, withCookie, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /login', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('answers 200 with the user once signed in', async () => {
    const cookie = await t.loginAsAdmin();
    const response = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'admin', role: 'Administrator' });
  });
});

describe('POST /login', () => {
  it('refuses a wrong password with 401 and no cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'nope-nope' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid username or password');
    expect(response.cookies).toHaveLength(0);
  });

  it('sets an HttpOnly SameSite=Lax session cookie, persistent only with rememberMe', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: testAdminPassword },
    });
    const plainCookie = plain.cookies.find((c) => c.name === 'bpm_session');
    expect(plainCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(plainCookie?.expires).toBeUndefined();
    expect(plainCookie?.domain).toBeUndefined();

    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ADMIN', password: testAdminPassword, rememberMe: true },
    });
    const rememberedCookie = remembered.cookies.find((c) => c.name === 'bpm_session');
    const days = ((rememberedCookie?.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('is served at the root of an api. host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'api.plant.test' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().statusCode).toBe(401);
  });
});

describe('POST /logout', () => {
  it('ends the server-side session', async () => {
    const cookie = await t.loginAsAdmin();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: withCookie(cookie) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(out.cookies.find((c) => c.name === 'bpm_session')?.value).toBe('');
  });

  it('succeeds again when the session has already ended, or without one', async () => {
    const cookie = await t.loginAsAdmin();
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: withCookie(cookie) });
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: withCookie(cookie) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { origin: testOrigin } })).statusCode).toBe(204);
  });

  it('refuses a cookie request from another origin or without Origin (CSRF)', async () => {
    const cookie = await t.loginAsAdmin();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(missing.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie, origin: testOrigin } });
    expect(still.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it('keeps letting the right password in after many failures for that username', async () => {
    await t.createUser({ username: 'target', password: 'target-password', roleName: 'Operator' });
    for (let i = 0; i < 8; i += 1) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.1.1.1',
        payload: { username: 'target', password: `guess-${i}` },
      });
      expect(failed.statusCode).toBe(401);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.1.2',
      payload: { username: 'target', password: 'target-password' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('caps failures per client address with 429 and Retry-After, leaving other addresses alone', async () => {
    const capped = await createTestApp({
      loginThrottle: { freeFailures: 5, baseDelayMs: 1, maxDelayMs: 1, addressMaxFailures: 3, addressWindowMs: 60_000 },
    });
    try {
      const attempt = (remoteAddress: string, password: string) =>
        capped.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username: 'admin', password } });
      for (let i = 0; i < 3; i += 1) expect((await attempt('10.9.9.9', 'wrong-password')).statusCode).toBe(401);
      const refused = await attempt('10.9.9.9', testAdminPassword);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toContain('Too many failed sign-in attempts');
      expect((await attempt('10.9.9.10', testAdminPassword)).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('does not count successful sign-ins', async () => {
    const capped = await createTestApp({
      loginThrottle: { freeFailures: 5, baseDelayMs: 1, maxDelayMs: 1, addressMaxFailures: 2, addressWindowMs: 60_000 },
    });
    try {
      for (let i = 0; i < 5; i += 1) {
        const ok = await capped.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.7.7.7',
          payload: { username: 'admin', password: testAdminPassword },
        });
        expect(ok.statusCode).toBe(200);
      }
    } finally {
      await capped.close();
    }
  });
});

describe('login input', () => {
  it.each([
    ['no body', undefined],
    ['a missing password', { username: 'admin' }],
    ['a number as username', { username: 1, password: 'x' }],
    ['an unknown field', { username: 'admin', password: testAdminPassword, admin: true }],
    ['rememberMe as a string', { username: 'admin', password: testAdminPassword, rememberMe: 'yes' }],
  ])('answers 400 to %s', async (_name, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', ...(payload === undefined ? {} : { payload }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message.length).toBeGreaterThan(0);
  });

  it('refuses a sign-in posted from a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'admin', password: testAdminPassword },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });
});
