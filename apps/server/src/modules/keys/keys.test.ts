// /keys through the real app: the token shown once, stored hashed, own keys only, expiry enforced, /keys/check.
import { apiKeyPrefix } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../tokens.js';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let alice: string;
let bob: string;
const inOneDay = () => new Date(Date.now() + 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser({ username: 'alice', password: 'alice-password', roleName: 'Operator' });
  await t.createUser({ username: 'bob', password: 'bob-password', roleName: 'Operator' });
  alice = await t.login('alice', 'alice-password');
  bob = await t.login('bob', 'bob-password');
});
afterAll(async () => {
  await t.close();
});

const createKey = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/keys', headers: withCookie(cookie), payload });

describe('POST /keys', () => {
  it('returns the token once; lists never show it; only its SHA-256 is stored', async () => {
    const expirationDate = inOneDay();
    const response = await createKey(alice, { name: 'Gateway 1', expirationDate });
    expect(response.statusCode).toBe(201);
    const key = response.json();
    expect(key).toMatchObject({ name: 'Gateway 1', expirationDate: new Date(expirationDate).toISOString() });
    expect(key.token).toMatch(new RegExp(`^${apiKeyPrefix}[0-9A-Za-z]{43}$`));

    const list = await t.app.inject({ method: 'GET', url: '/api/keys', headers: withCookie(alice) });
    expect(list.json()).toEqual([
      {
        id: key.id,
        name: 'Gateway 1',
        expirationDate: key.expirationDate,
        creationDate: key.creationDate,
        updateDate: key.updateDate,
      },
    ]);
    expect(list.body).not.toContain(key.token);

    const rows = await t.app.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.token);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(key.token));
  });

  it.each([
    ['a past expiration', { name: 'old', expirationDate: '2020-01-01T00:00:00Z' }, 'Expiration date must be in the future'],
    ['a blank name', { name: '   ', expirationDate: inOneDay() }, 'Key name is required'],
    ['no expiration', { name: 'x' }, ''],
    ['a date that is not ISO 8601', { name: 'x', expirationDate: 'tomorrow' }, 'ISO 8601'],
    ['an unknown field', { name: 'x', expirationDate: inOneDay(), scopes: ['all'] }, 'scopes'],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: withCookie(bob) })).json().length;
    const response = await createKey(bob, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await t.app.inject({ method: 'GET', url: '/api/keys', headers: withCookie(bob) })).json()).toHaveLength(before);
  });
});

describe('using a key', () => {
  it('acts as its owner on every endpoint and passes /keys/check', async () => {
    const key = (await createKey(bob, { name: 'Script', expirationDate: inOneDay() })).json();
    const auth = { authorization: `Bearer ${key.token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: auth });
    expect(me.json().username).toBe('bob');
    const check = await t.app.inject({ method: 'GET', url: '/api/keys/check', headers: auth });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      userId: me.json().userId,
      username: 'bob',
      keyId: key.id,
      keyName: 'Script',
      expirationDate: key.expirationDate,
    });
  });

  it('/keys/check answers 401 to a session cookie, a wrong key or none', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/keys/check', headers: { cookie: bob } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/keys/check', headers: { authorization: 'Bearer bpm_wrong' } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/keys/check' })).statusCode).toBe(401);
  });

  it('refuses an expired key with 401', async () => {
    const key = (await createKey(bob, { name: 'Short-lived', expirationDate: inOneDay() })).json();
    await t.app.db
      .updateTable('api_keys')
      .set({ expiration_date: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', key.id)
      .execute();
    const auth = { authorization: `Bearer ${key.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/keys/check', headers: auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: auth })).statusCode).toBe(401);
  });
});

describe('DELETE /keys/:id', () => {
  it('deletes your own key (204), which then stops working', async () => {
    const key = (await createKey(alice, { name: 'Disposable', expirationDate: inOneDay() })).json();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: withCookie(alice) });
    expect(response.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/keys/check', headers: { authorization: `Bearer ${key.token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404 for someone else’s key and leaves it alone', async () => {
    const key = (await createKey(alice, { name: 'Mine', expirationDate: inOneDay() })).json();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: withCookie(bob) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('API key not found');
    const bobsList = (await t.app.inject({ method: 'GET', url: '/api/keys', headers: withCookie(bob) })).json();
    expect(bobsList.map((k: { id: number }) => k.id)).not.toContain(key.id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/keys/check', headers: { authorization: `Bearer ${key.token}` } }))
        .statusCode,
    ).toBe(200);
  });
});
