// /users through the real app: success paths, validation (nothing changes on a 4xx), and the safety rules.
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../keys/keys.service.js';
import { sharedTestApp } from '../../testing/shared-test-app.js';
import { testAdminPassword, withCookie } from '../../testing/test-app.js';

const t = sharedTestApp();
const operatorRoleId = 3;
const validUser = {
  username: 'jdoe',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  password: 'jane-password',
  roleId: operatorRoleId,
};

const { call: inject } = t;

async function userCount(): Promise<number> {
  return (await inject('GET', '/api/users')).json().length;
}

describe('success paths', () => {
  it('creates, lists, modifies and deletes a user', async () => {
    const created = await inject('POST', '/api/users', validUser);
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      username: 'jdoe',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      role: 'Operator',
      roleId: 3,
    });
    expect(Object.keys(user).sort()).toEqual([
      'created',
      'email',
      'firstName',
      'lastName',
      'role',
      'roleId',
      'source',
      'updated',
      'userId',
      'username',
    ]);

    const list = (await inject('GET', '/api/users')).json();
    expect(list.map((u: { username: string }) => u.username)).toEqual(['admin', 'jdoe']);
    expect(list.map((u: { source: string }) => u.source)).toEqual(['local', 'local']);

    const modified = await inject('PUT', `/api/users/${user.userId}`, {
      username: 'jdoe2',
      firstName: 'Janet',
      lastName: 'Doe',
      email: 'janet@example.com',
      roleId: 2,
    });
    expect(modified.statusCode).toBe(200);
    expect(modified.json()).toMatchObject({ username: 'jdoe2', firstName: 'Janet', role: 'Supervisor', roleId: 2 });

    expect((await inject('DELETE', `/api/users/${user.userId}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/users/${user.userId}`)).statusCode).toBe(404);
    expect(await userCount()).toBe(1);
  });

  it('GET and PUT /users/@me change only the caller’s own names and email', async () => {
    const me = (await inject('GET', '/api/users/@me')).json();
    expect(me).toMatchObject({ username: 'admin', role: 'Administrator' });
    const updated = await inject('PUT', '/api/users/@me', { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      username: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada@example.com',
      roleId: me.roleId,
    });
    const sneaky = await inject('PUT', '/api/users/@me', {
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada@example.com',
      roleId: 3,
    });
    expect(sneaky.statusCode).toBe(400);
    expect((await inject('GET', '/api/users/@me')).json().roleId).toBe(me.roleId);
  });

  it('keeps non-ASCII names as sent', async () => {
    const response = await inject('POST', '/api/users', {
      ...validUser,
      username: 'łukasz.żółć',
      firstName: 'Łukasz',
      lastName: '李 Zoë 🚀',
      email: 'lukasz@example.com',
    });
    expect(response.statusCode).toBe(201);
    const fetched = (await inject('GET', '/api/users'))
      .json()
      .find((u: { userId: number }) => u.userId === response.json().userId);
    expect(fetched).toMatchObject({ username: 'łukasz.żółć', firstName: 'Łukasz', lastName: '李 Zoë 🚀' });
    await inject('DELETE', `/api/users/${fetched.userId}`);
  });
});

describe('bad input is answered 4xx with a message, and nothing changes', () => {
  const cases: Array<[string, object, number, string]> = [
    ['a missing field', { ...validUser, email: undefined }, 400, 'Email is required'],
    ['an invalid email', { ...validUser, email: 'not-an-email' }, 400, 'Email is not a valid email address'],
    ['a wrong type', { ...validUser, roleId: 'three' }, 400, 'Role is required'],
    ['a number as a name', { ...validUser, firstName: 42 }, 400, 'First name is required'],
    ['an unknown field', { ...validUser, isAdmin: true }, 400, 'isAdmin'],
    ['a very long name', { ...validUser, firstName: 'x'.repeat(5000) }, 400, 'First name must be at most 100 characters'],
    ['a blank name', { ...validUser, lastName: '   ' }, 400, 'Last name is required'],
    ['a short password', { ...validUser, password: 'short' }, 400, 'Password must be at least 8 characters'],
    ['a username with spaces', { ...validUser, username: 'j doe' }, 400, 'Username may contain only'],
    ['a role that does not exist', { ...validUser, roleId: 999 }, 400, 'Role does not exist'],
    ['an array instead of an object', [validUser], 400, ''],
    ['a username taken in another case', { ...validUser, username: 'ADMIN' }, 409, 'Username already exists'],
  ];

  it.each(cases)('POST /users with %s', async (_name, payload, status, message) => {
    const before = await userCount();
    const response = await inject('POST', '/api/users', payload);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    expect(body.statusCode).toBe(status);
    expect(body.message).toContain(message);
    if (status === 400) expect(body.details.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(before);
  });

  it('names the field in the details', async () => {
    const body = (await inject('POST', '/api/users', { ...validUser, email: 'nope', firstName: '' })).json();
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Email is not a valid email address' },
        { path: 'firstName', message: 'First name is required' },
      ]),
    );
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...withCookie(t.admin), 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Request body is not valid JSON' });
  });

  it('answers 413 to an oversized body', async () => {
    const before = await userCount();
    const response = await inject('POST', '/api/users', { ...validUser, firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, message: 'Request body is too large' });
    expect(await userCount()).toBe(before);
  });

  it('answers 400 to a non-numeric id and 404 to an unknown one', async () => {
    const body = { username: 'ghost', firstName: 'G', lastName: 'H', email: 'g@example.com', roleId: 3 };
    expect((await inject('PUT', '/api/users/abc', body)).statusCode).toBe(400);
    const missing = await inject('PUT', '/api/users/9999', body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
  });

  it('answers 409 when renaming onto another user’s name', async () => {
    const other = await t.createUser({ username: 'taken', password: 'taken-password', roleName: 'Operator' });
    const response = await inject('PUT', `/api/users/${other.userId}`, {
      username: 'Admin',
      firstName: 'T',
      lastName: 'U',
      email: 't@example.com',
      roleId: 3,
    });
    expect(response.statusCode).toBe(409);
    expect((await inject('GET', '/api/users')).json().find((u: { userId: number }) => u.userId === other.userId).username).toBe(
      'taken',
    );
  });
});

describe('safety rules', () => {
  it('nobody deletes themselves', async () => {
    const me = (await inject('GET', '/api/users/@me')).json();
    const response = await inject('DELETE', `/api/users/${me.userId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot delete your own account');
  });

  it('the last user able to manage users cannot be demoted; with a second one they can', async () => {
    const me = (await inject('GET', '/api/users/@me')).json();
    const demote = { username: 'admin', firstName: me.firstName, lastName: me.lastName, email: me.email, roleId: operatorRoleId };
    const refused = await inject('PUT', `/api/users/${me.userId}`, demote);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The last user who can manage users cannot lose that permission');

    const second = await t.createUser({ username: 'second-admin', password: 'second-password', roleName: 'Administrator' });
    const secondCookie = await t.login('second-admin', 'second-password');
    const other = (await inject('GET', '/api/users/@me', undefined, secondCookie)).json();
    const demoteSecond = {
      username: other.username,
      firstName: other.firstName,
      lastName: other.lastName,
      email: other.email,
      roleId: operatorRoleId,
    };
    expect((await inject('PUT', `/api/users/${second.userId}`, demoteSecond)).statusCode).toBe(200);
  });

  it('deleting a user ends their sessions and removes their keys', async () => {
    const user = await t.createUser({ username: 'leaver', password: 'leaver-password', roleName: 'Operator' });
    const cookie = await t.login('leaver', 'leaver-password');
    const { token } = await createApiKey(t.app.db, {
      userId: user.userId,
      name: 'k',
      expirationDate: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);

    expect((await inject('DELETE', `/api/users/${user.userId}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
    expect(await t.app.db.selectFrom('api_keys').selectAll().where('user_id', '=', user.userId).execute()).toEqual([]);
  });
});

describe('passwords', () => {
  it('changing your own password needs the current one (401) and ends your other sessions', async () => {
    await t.createUser({ username: 'changer', password: 'old-password', roleName: 'Operator' });
    const here = await t.login('changer', 'old-password');
    const elsewhere = await t.login('changer', 'old-password');

    const wrong = await inject(
      'PUT',
      '/api/users/change-password/@me',
      { currentPassword: 'not-it', newPassword: 'new-password' },
      here,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await inject(
      'PUT',
      '/api/users/change-password/@me',
      { currentPassword: 'old-password', newPassword: 'x' },
      here,
    );
    expect(short.statusCode).toBe(400);

    const changed = await inject(
      'PUT',
      '/api/users/change-password/@me',
      { currentPassword: 'old-password', newPassword: 'new-password' },
      here,
    );
    expect(changed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: here } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    await expect(t.login('changer', 'old-password')).rejects.toThrow(/401/);
    await t.login('changer', 'new-password');
  });

  it('an administrator sets another user’s password, which ends that user’s sessions', async () => {
    const user = await t.createUser({ username: 'forgetful', password: 'forgot-password', roleName: 'Operator' });
    const theirs = await t.login('forgetful', 'forgot-password');
    const response = await inject('PUT', `/api/users/change-password/${user.userId}`, {
      currentPassword: '',
      newPassword: 'fresh-password',
    });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: theirs } })).statusCode).toBe(401);
    await t.login('forgetful', 'fresh-password');
    // The admin's own session is untouched.
    expect((await inject('GET', '/api/login')).statusCode).toBe(200);
  });

  it('your own password needs the current one on the administrators’ route too', async () => {
    const me = (await inject('GET', '/api/users/@me')).json();
    const without = await inject('PUT', `/api/users/change-password/${me.userId}`, {
      currentPassword: '',
      newPassword: 'taken-over-password',
    });
    expect(without.statusCode).toBe(401);
    expect(without.json().message).toBe('Current password is incorrect');
    await t.login('admin', testAdminPassword);
  });

  it('an API key cannot change any password, its owner’s included', async () => {
    const created = await inject('POST', '/api/keys', {
      name: 'script',
      expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const token = created.json().token as string;
    const me = (await inject('GET', '/api/users/@me')).json();
    const target = await t.createUser({ username: 'victim', password: 'victim-password', roleName: 'Operator' });
    for (const [url, currentPassword] of [
      ['/api/users/change-password/@me', testAdminPassword],
      [`/api/users/change-password/${me.userId}`, testAdminPassword],
      [`/api/users/change-password/${target.userId}`, ''],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'key-chosen-password' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('An API key cannot change passwords; sign in to change one');
    }
    await t.login('admin', testAdminPassword);
    await t.login('victim', 'victim-password');
  });
});
