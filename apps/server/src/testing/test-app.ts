// createTestApp(): the real app (buildApp) on a fresh temporary data directory, driven with inject(); in the
// "node-pg" test project on a fresh PostgreSQL database instead (testing/postgres-global-setup.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { permissionLevels, permissionNames, type PermissionLevel, type PermissionName, type User } from '@bpm/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { sessionCookieName } from '../modules/sessions/sessions.service.js';
import { findUser, insertUser } from '../modules/users/users.queries.js';
import { hashPassword } from '../password.js';
import { templateDatabase } from './postgres-global-setup.js';

export const testAdminPassword = 'test-admin-password';
/** inject() sends Host: localhost:80, so this is the app's own origin (CSRF check). */
export const testOrigin = 'http://localhost';

/** scrypt at 2^12 instead of 2^17: same code path, milliseconds instead of ~0.4 s per hash. */
export const testPasswordHashLog2N = 12;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
  /** Signs in as the seeded admin; returns a Cookie header value. */
  loginAsAdmin(): Promise<string>;
  /** Creates a user directly in the database (role by name) and returns it. */
  createUser(user: { username: string; password: string; roleName: string }): Promise<User>;
  /** Creates a role directly in the database (no API creates roles), e.g. { Users: 'WRITE' }. Returns its id. */
  createRole(name: string, grants: Partial<Record<PermissionName, PermissionLevel>>): Promise<number>;
  /** Signs in; returns a Cookie header value ("bpm_session=…"). Throws when sign-in fails. */
  login(username: string, password: string): Promise<string>;
}

/** Headers for a cookie-authenticated request, Origin included so state-changing calls pass the CSRF check. */
export function withCookie(cookie: string): Record<string, string> {
  return { cookie, origin: testOrigin };
}

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName);
  if (!cookie) throw new Error(`no session cookie in the answer (${response.statusCode}: ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * The throwaway PostgreSQL of the "node-pg" project, or undefined when the tests run on SQLite. Vitest is
 * imported only under Vitest, so that benches can build a test app too.
 */
async function testPostgresServer(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('bpmPostgresServer');
}

async function onPostgresServer<T>(server: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL database standing for `dataDir` (one per directory, so a test that restarts an app on
 * the same data directory finds its data again), created from the migrated template the first time.
 */
export async function testDatabaseFor(server: string, dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bpm_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
  await onPostgresServer(server, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    try {
      await client.query(`create database ${name} template ${templateDatabase} strategy file_copy`);
    } catch (error) {
      // Two apps on one data directory starting at once: the other one created it.
      if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
    }
  });
  return {
    url: `${server}/${name}`,
    drop: () =>
      onPostgresServer(server, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'bpm-test-'));
  const base = loadConfig({});
  const server = await testPostgresServer();
  const database = server && !('databaseUrl' in overrides) ? await testDatabaseFor(server, dataDir) : undefined;
  const config: AppConfig = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminPassword: testAdminPassword,
    simulator: false,
    webDistDir: join(dataDir, 'no-web-dist'),
    logConsole: false,
    loginThrottle: { ...base.loginThrottle, baseDelayMs: 5, maxDelayMs: 20 },
    passwordHashLog2N: testPasswordHashLog2N,
    databaseUrl: database?.url,
    // Many test apps run at once: only a test that asks for MQTT gets a broker (on a free port).
    mqtt: { port: null, portGiven: false },
    ...overrides,
  };
  const app = await buildApp(config);
  await app.ready();

  const login = async (username: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password, rememberMe: false } });
    if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
    return sessionCookieFrom(response);
  };

  return {
    app,
    config,
    close: async () => {
      await app.close();
      if (!overrides.dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    loginAsAdmin: () => login('admin', config.adminPassword ?? testAdminPassword),
    login,
    createRole: async (name, grants) => {
      const now = new Date().toISOString();
      const { id } = await app.db
        .insertInto('roles')
        .values({ name, description: `${name} (test)`, is_default: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = (Object.entries(grants) as Array<[PermissionName, PermissionLevel]>).map(([permission, level]) => ({
        role_id: id,
        permission_id: permissionNames.indexOf(permission) + 1,
        permission_level_id: permissionLevels.indexOf(level) + 1,
      }));
      if (rows.length > 0) await app.db.insertInto('role_permissions').values(rows).execute();
      return id;
    },
    createUser: async ({ username, password, roleName }) => {
      const role = await app.db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirstOrThrow();
      const userId = await insertUser(app.db, {
        username,
        firstName: username,
        lastName: 'Test',
        email: `${username}@example.com`,
        passwordHash: await hashPassword(password, config.passwordHashLog2N),
        roleId: role.id,
        now: new Date().toISOString(),
      });
      const user = await findUser(app.db, userId);
      if (!user) throw new Error('created user not found');
      return user;
    },
  };
}
