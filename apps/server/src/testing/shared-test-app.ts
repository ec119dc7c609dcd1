// One test file's app, shared by its tests and signed in as the admin (the setup the API tests repeated):
// created before the file's tests, closed after them, with `call` to inject as the admin or as another
// user's cookie, and `signedInAs` for a user of a given role.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config.js';
import { createTestApp, withCookie, type TestApp } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SharedTestApp extends TestApp {
  /** The admin's Cookie header value. */
  readonly admin: string;
  /** inject() with the admin's cookie (or `cookie`), and `payload` as the JSON body when given. */
  call(method: Method, url: string, payload?: object, cookie?: string): Promise<LightMyRequestResponse>;
  /** Creates a user holding `roleName` (password `${username}-password`) and signs in; returns the Cookie header value. */
  signedInAs(username: string, roleName: string): Promise<string>;
}

/** Registers beforeAll/afterAll; the answer is usable inside the tests (its fields are read then). */
export function sharedTestApp(overrides: Partial<AppConfig> = {}): SharedTestApp {
  let t: TestApp | undefined;
  let admin = '';
  const app = (): TestApp => {
    if (!t) throw new Error('the shared test app is used before beforeAll ran');
    return t;
  };
  beforeAll(async () => {
    t = await createTestApp(overrides);
    admin = await t.loginAsAdmin();
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get app() {
      return app().app;
    },
    get config() {
      return app().config;
    },
    get admin() {
      return admin;
    },
    close: () => app().close(),
    loginAsAdmin: () => app().loginAsAdmin(),
    login: (username, password) => app().login(username, password),
    createUser: (user) => app().createUser(user),
    createRole: (name, grants) => app().createRole(name, grants),
    call: (method, url, payload, cookie = admin) =>
      app().app.inject({ method, url, headers: withCookie(cookie), ...(payload === undefined ? {} : { payload }) }),
    signedInAs: async (username, roleName) => {
      await app().createUser({ username, password: `${username}-password`, roleName });
      return app().login(username, `${username}-password`);
    },
  };
}

/** A role answer's grants as { permission: level }, e.g. { Logs: 'READ' }. */
export const levelsOf = (role: { permissions_with_levels: Array<{ permission_name: string; permission_level_name: string }> }) =>
  Object.fromEntries(role.permissions_with_levels.map((p) => [p.permission_name, p.permission_level_name]));
