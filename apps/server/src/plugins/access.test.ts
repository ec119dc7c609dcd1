// The permission matrix (docs/roles-and-permissions.md (Enforcement on the server)): every endpoint × no auth / no permission / too-low level / right level,
// via the session cookie and via an API key. 401 (nobody signed in) and 403 (permission missing) stay apart.
import type { PermissionLevel, PermissionName } from '@bpm/protocol';
import { permissionLevels } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../modules/keys/keys.service.js';
import { createTestApp, withCookie, type TestApp } from '../testing/test-app.js';

const password = 'matrix-password-1';
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

interface Caller {
  cookie: string;
  key: string;
  userId: number;
}

let t: TestApp;
const callers = new Map<string, Caller>();
let counter = 0;

async function makeCaller(name: string, roleName: string): Promise<Caller> {
  const user = await t.createUser({ username: name, password, roleName });
  const cookie = await t.login(name, password);
  const { token } = await createApiKey(t.app.db, { userId: user.userId, name: `${name} key`, expirationDate: tomorrow() });
  return { cookie, key: token, userId: user.userId };
}

/** A fresh user to act on, so each success case has its own target. */
async function victim(): Promise<number> {
  counter += 1;
  return (await t.createUser({ username: `victim${counter}`, password, roleName: 'Operator' })).userId;
}

type Auth = 'cookie' | 'key';
function headers(caller: Caller, via: Auth): Record<string, string> {
  return via === 'cookie' ? withCookie(caller.cookie) : { authorization: `Bearer ${caller.key}` };
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Builds the URL and body for one call (a fresh target each time when the call changes data). */
  request: () => Promise<{ url: string; payload?: object }>;
  success: number;
  /** What an API key gets instead (docs/security.md: a key changes no password and creates no key). */
  byKey?: number;
}

const expected = (endpoint: Endpoint, via: Auth) => (via === 'key' && endpoint.byKey) || endpoint.success;

const uniqueName = () => `made${(counter += 1)}`;

const guarded: Array<Endpoint & { permission: PermissionName; level: PermissionLevel }> = [
  { method: 'GET', permission: 'Users', level: 'READ', success: 200, request: async () => ({ url: '/api/users' }) },
  {
    method: 'POST',
    permission: 'Users',
    level: 'WRITE',
    success: 201,
    request: async () => ({
      url: '/api/users',
      payload: {
        username: uniqueName(),
        firstName: 'New',
        lastName: 'User',
        email: 'new@example.com',
        password: 'another-password',
        roleId: 3,
      },
    }),
  },
  {
    method: 'PUT',
    permission: 'Users',
    level: 'UPDATE',
    success: 200,
    request: async () => ({
      url: `/api/users/${await victim()}`,
      payload: { username: uniqueName(), firstName: 'Changed', lastName: 'User', email: 'changed@example.com', roleId: 3 },
    }),
  },
  {
    method: 'PUT',
    permission: 'Users',
    level: 'UPDATE',
    success: 204,
    byKey: 403,
    request: async () => ({
      url: `/api/users/change-password/${await victim()}`,
      payload: { currentPassword: '', newPassword: 'a-new-password' },
    }),
  },
  {
    method: 'DELETE',
    permission: 'Users',
    level: 'DELETE',
    success: 204,
    request: async () => ({ url: `/api/users/${await victim()}` }),
  },
  { method: 'GET', permission: 'Roles', level: 'READ', success: 200, request: async () => ({ url: '/api/roles' }) },
  {
    method: 'GET',
    permission: 'Logs',
    level: 'READ',
    success: 200,
    request: async () => ({ url: '/api/system/logs?offset=0&limit=5' }),
  },
  { method: 'GET', permission: 'Logs', level: 'READ', success: 200, request: async () => ({ url: '/api/system/logs.json' }) },
];

/** Endpoints any signed-in user may call (docs/roles-and-permissions.md (Enforcement on the server)); run as an Operator, who holds no permission. */
const signedIn: Endpoint[] = [
  { method: 'GET', success: 200, request: async () => ({ url: '/api/login' }) },
  { method: 'GET', success: 200, request: async () => ({ url: '/api/users/@me' }) },
  {
    method: 'PUT',
    success: 200,
    request: async () => ({ url: '/api/users/@me', payload: { firstName: 'Op', lastName: 'Erator', email: 'op@example.com' } }),
  },
  { method: 'GET', success: 200, request: async () => ({ url: '/api/roles/@me' }) },
  { method: 'GET', success: 200, request: async () => ({ url: '/api/keys' }) },
  {
    method: 'POST',
    success: 201,
    byKey: 403,
    request: async () => ({ url: '/api/keys', payload: { name: 'script', expirationDate: tomorrow() } }),
  },
  // Last: changed through the key, it ends the operator's cookie session (a password change ends other sessions).
  {
    method: 'PUT',
    success: 204,
    byKey: 403,
    request: async () => ({
      url: '/api/users/change-password/@me',
      payload: { currentPassword: password, newPassword: password },
    }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const level of permissionLevels) await t.createRole(`Users ${level}`, { Users: level });
  callers.set('operator', await makeCaller('operator', 'Operator'));
  callers.set('supervisor', await makeCaller('supervisor', 'Supervisor'));
  for (const level of permissionLevels)
    callers.set(`Users ${level}`, await makeCaller(`users-${level.toLowerCase()}`, `Users ${level}`));
});
afterAll(async () => {
  await t.close();
});

/** The caller holding exactly `level` of `permission`, or one level below it. */
function callerAt(permission: PermissionName, level: PermissionLevel): Caller {
  if (permission === 'Users') return callers.get(`Users ${level}`)!;
  // The seeded Supervisor holds Roles READ and Logs READ.
  if (level === 'READ') return callers.get('supervisor')!;
  throw new Error(`no caller for ${permission} ${level}`);
}

async function call(endpoint: Endpoint, extraHeaders: Record<string, string> = {}) {
  const { url, payload } = await endpoint.request();
  return t.app.inject({ method: endpoint.method, url, headers: extraHeaders, ...(payload === undefined ? {} : { payload }) });
}

describe.each(guarded)('$method $permission $level endpoint #%#', (endpoint) => {
  it('answers 401 without authentication', async () => {
    const response = await call(endpoint);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it.each(['cookie', 'key'] as const)('answers 403 to a user without the permission (%s)', async (via) => {
    const response = await call(endpoint, headers(callers.get('operator')!, via));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain(endpoint.permission);
  });

  const rank = permissionLevels.indexOf(endpoint.level);
  if (rank > 0) {
    it.each(['cookie', 'key'] as const)('answers 403 to a user one level too low (%s)', async (via) => {
      const response = await call(endpoint, headers(callerAt(endpoint.permission, permissionLevels[rank - 1]!), via));
      expect(response.statusCode).toBe(403);
    });
  }

  it.each(['cookie', 'key'] as const)('succeeds for a user at exactly the required level (%s)', async (via) => {
    const response = await call(endpoint, headers(callerAt(endpoint.permission, endpoint.level), via));
    expect(response.statusCode, response.body).toBe(expected(endpoint, via));
  });
});

describe.each(signedIn)('$method signed-in endpoint #%#', (endpoint) => {
  it('answers 401 without authentication', async () => {
    expect((await call(endpoint)).statusCode).toBe(401);
  });

  it.each(['cookie', 'key'] as const)('succeeds for a user with no permission at all (%s)', async (via) => {
    const response = await call(endpoint, headers(callers.get('operator')!, via));
    expect(response.statusCode, response.body).toBe(expected(endpoint, via));
  });
});

describe('authentication edge cases', () => {
  it('answers 401 to an unknown, malformed or non-bpm bearer token', async () => {
    for (const authorization of ['Bearer bpm_notarealkey', 'Bearer', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'x'.repeat(5000)}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });

  it('answers 401 to an unknown session cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/@me', headers: { cookie: 'bpm_session=forged' } });
    expect(response.statusCode).toBe(401);
  });

  it('lets a key act with its owner’s current permissions', async () => {
    const caller = callers.get('Users READ')!;
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: headers(caller, 'key') })).statusCode).toBe(200);
    const operatorRole = 3;
    await t.app.db.updateTable('users').set({ role_id: operatorRole }).where('id', '=', caller.userId).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: headers(caller, 'key') })).statusCode).toBe(403);
  });
});
