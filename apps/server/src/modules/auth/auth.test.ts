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
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'nope-nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid username or password');
    expect(response.cookies).toHaveLength(0);
  });

  it('sets an HttpOnly SameSite=Lax session cookie, persistent only with rememberMe', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: testAdminPassword } });
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
  });

  it('refuses a cookie request from another origin or without Origin (CSRF)', async () => {
    const cookie = await t.loginAsAdmin();
    const foreign = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(missing.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie, origin: testOrigin } });
    expect(still.statusCode).toBe(200);
  });
});
