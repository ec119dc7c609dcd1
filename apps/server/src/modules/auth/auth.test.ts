// Sign-in, sign-out and session behaviour through the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
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
  const throttled = (overrides: Partial<AppConfig['loginThrottle']>, config: Partial<AppConfig> = {}) =>
    createTestApp({
      loginThrottle: {
        freeFailures: 5,
        baseDelayMs: 1,
        maxDelayMs: 1,
        addressMaxFailures: 3,
        addressWindowMs: 60_000,
        deviceMaxFailures: 10,
        hashQueueMax: 100,
        ...overrides,
      },
      ...config,
    });
  const deviceCookieFrom = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = response.cookies.find((c) => c.name === 'bpm_device');
    if (!cookie) throw new Error('no device cookie');
    return `bpm_device=${cookie.value}`;
  };

  it('keeps letting a browser that signed in before in, whatever guesses come from its address or for its user', async () => {
    const capped = await throttled({ baseDelayMs: 60_000, maxDelayMs: 60_000 });
    try {
      await capped.createUser({ username: 'target', password: 'target-password', roleName: 'Operator' });
      const attempt = (password: string, cookie?: string) =>
        capped.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.1.1.1',
          ...(cookie ? { headers: { cookie } } : {}),
          payload: { username: 'target', password },
        });
      const device = deviceCookieFrom(await attempt('target-password'));
      for (let i = 0; i < 3; i += 1) expect((await attempt(`guess-${i}`)).statusCode).toBe(401);
      // The address is locked (and, with freeFailures 5, the username would be next): unknown browsers wait...
      expect((await attempt('target-password')).statusCode).toBe(429);
      // ...the browser with the device cookie does not.
      const trusted = await attempt('target-password', device);
      expect(trusted.statusCode).toBe(200);
      // A device cookie signed for another user vouches for nothing.
      const other = await capped.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.1.1.1',
        headers: { cookie: device },
        payload: { username: 'admin', password: testAdminPassword },
      });
      expect(other.statusCode).toBe(429);
    } finally {
      await capped.close();
    }
  });

  it('caps failures per client address with 429 and Retry-After, leaving other addresses alone', async () => {
    const capped = await throttled({});
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

  it('checks no more concurrent guesses than the address cap', async () => {
    const capped = await throttled({});
    try {
      const answers = await Promise.all(
        Array.from({ length: 13 }, (_, i) =>
          capped.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '10.8.8.8',
            payload: { username: `nobody${i}`, password: 'wrong-password' },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(3);
      expect(codes.filter((c) => c === 429)).toHaveLength(10);
    } finally {
      await capped.close();
    }
  });

  it('holds a username back after its free failures, in parallel, from every address that has failed before', async () => {
    const capped = await throttled({ freeFailures: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, addressMaxFailures: 100 });
    try {
      const guess = (i: number) =>
        capped.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: `10.6.6.${i % 4}`,
          payload: { username: 'admin', password: `guess-${i}` },
        });
      // Two free guesses, the third (which sets the delay), and the first from the fourth address are checked.
      for (let i = 0; i < 4; i += 1) expect((await guess(i)).statusCode).toBe(401);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => guess(i)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 429));
      expect(Number(answers[0]?.headers['retry-after'])).toBe(60);
    } finally {
      await capped.close();
    }
  });

  it('signs a new browser in with the right password while guesses for that user from elsewhere are held back', async () => {
    const capped = await throttled({ freeFailures: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, addressMaxFailures: 100, hashQueueMax: 2 });
    try {
      const attempt = (remoteAddress: string, username: string, password: string) =>
        capped.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
      for (let i = 0; i < 4; i += 1) await attempt(`10.6.6.${i}`, 'admin', `guess-${i}`);
      // A new address gets one check of its own; a wrong password there makes it wait like the rest.
      expect((await attempt('10.7.7.8', 'admin', 'another-guess')).statusCode).toBe(401);
      expect((await attempt('10.7.7.8', 'admin', testAdminPassword)).statusCode).toBe(429);
      // A flood from the addresses that failed: guesses at admin and at made-up users filling the hashing queue.
      const flood = Array.from({ length: 24 }, (_, i) =>
        attempt(`10.6.6.${i % 4}`, i % 2 === 0 ? 'admin' : `nobody${i}`, `guess-${i}`),
      );
      const real = await attempt('10.7.7.7', 'admin', testAdminPassword);
      const answers = await Promise.all(flood);
      expect(real.statusCode).toBe(200);
      const atAdmin = answers.filter((_, i) => i % 2 === 0).map((a) => a.statusCode);
      expect(atAdmin.every((code) => code === 429 || code === 503)).toBe(true);
    } finally {
      await capped.close();
    }
  });

  it('answers an anonymous flood 503 at once while a trusted browser signs in', async () => {
    const capped = await throttled({ addressMaxFailures: 1000, hashQueueMax: 2 });
    try {
      const signedIn = await capped.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'admin', password: testAdminPassword },
      });
      const device = deviceCookieFrom(signedIn);
      const flood = Array.from({ length: 30 }, (_, i) =>
        capped.app.inject({ method: 'POST', url: '/api/login', payload: { username: `nobody${i}`, password: 'wrong-password' } }),
      );
      const real = capped.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { cookie: device },
        payload: { username: 'admin', password: testAdminPassword },
      });
      const answers = await Promise.all(flood);
      expect((await real).statusCode).toBe(200);
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy).toHaveLength(27);
      expect(busy[0]?.headers['retry-after']).toBe('1');
      expect(busy[0]?.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      // Three anonymous attempts were hashed (the address's first in its own lane, two more); the trusted one
      // waits behind at most the two hashes in progress.
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(3);
    } finally {
      await capped.close();
    }
  });

  it('believes X-Forwarded-For only from a listed proxy, taking the right-most address it did not add', async () => {
    const proxied = await throttled({ addressMaxFailures: 2 }, { trustProxy: ['127.0.0.1'] });
    try {
      const attempt = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { username: 'nobody', password: 'wrong-password' },
        });
      // The client writes any first entries it likes; the proxy appends the address it saw (10.5.5.5).
      expect((await attempt('127.0.0.1', '1.1.1.1, 10.5.5.5')).statusCode).toBe(401);
      expect((await attempt('127.0.0.1', '2.2.2.2, 10.5.5.5')).statusCode).toBe(401);
      expect((await attempt('127.0.0.1', '3.3.3.3, 10.5.5.5')).statusCode).toBe(429);
      expect((await attempt('127.0.0.1', '10.5.5.6')).statusCode).toBe(401);
      // A client that is not the proxy cannot choose its address at all.
      expect((await attempt('10.7.7.7', '4.4.4.4')).statusCode).toBe(401);
      expect((await attempt('10.7.7.7', '5.5.5.5')).statusCode).toBe(401);
      expect((await attempt('10.7.7.7', '6.6.6.6')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('does not count successful sign-ins', async () => {
    const capped = await throttled({ addressMaxFailures: 2 });
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
