// The last-manager rule holds under concurrency (docs/role-editing.md "Safety rules"): two changes that are
// each allowed alone but together would leave nobody able to manage users and roles, sent at once, 50 times,
// on SQLite and on PostgreSQL ("node-pg"). Exactly one of each pair is kept.
import { permissionLevels, permissionNames } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';
import { usersHolding } from '../users/users.service.js';

const t = sharedTestApp();
const rounds = 50;
const operatorRoleId = 3;

interface Keeper {
  userId: number;
  username: string;
  roleId: number;
  cookie: string;
}

let created: Promise<[Keeper, Keeper]> | undefined;
/** Two users, each holding a role of their own with Users and Roles at UPDATE; the admin holds Operator. */
const twoKeepers = () => (created ??= makeKeepers());

async function makeKeepers(): Promise<[Keeper, Keeper]> {
  const keepers: Keeper[] = [];
  for (const name of ['keeper-a', 'keeper-b']) {
    const roleId = await t.createRole(`Keeper ${name}`, { Users: 'UPDATE', Roles: 'UPDATE' });
    const user = await t.createUser({ username: name, password: `${name}-password`, roleName: `Keeper ${name}` });
    keepers.push({ userId: user.userId, username: name, roleId, cookie: await t.login(name, `${name}-password`) });
  }
  await t.app.db.updateTable('users').set({ role_id: operatorRoleId }).where('username', '=', 'admin').execute();
  return [keepers[0]!, keepers[1]!];
}

async function restore(keepers: Keeper[]): Promise<void> {
  const db = t.app.db;
  for (const keeper of keepers) {
    await db.deleteFrom('role_permissions').where('role_id', '=', keeper.roleId).execute();
    await db
      .insertInto('role_permissions')
      .values(
        (['Users', 'Roles'] as const).map((name) => ({
          role_id: keeper.roleId,
          permission_id: permissionNames.indexOf(name) + 1,
          permission_level_id: permissionLevels.indexOf('UPDATE') + 1,
        })),
      )
      .execute();
    await db.updateTable('users').set({ role_id: keeper.roleId }).where('id', '=', keeper.userId).execute();
  }
}

async function managers(permission: 'Users' | 'Roles'): Promise<number> {
  return (await usersHolding(t.app.db, permission, 'UPDATE')).length;
}

const demotion = (keeper: Keeper) => ({
  username: keeper.username,
  firstName: keeper.username,
  lastName: 'Test',
  email: `${keeper.username}@example.com`,
  roleId: operatorRoleId,
});

/** One change is kept; the other is refused by the rule (409), or by access (403) when the first already took the caller's permission. */
function expectOneKept(statuses: number[]): void {
  const [kept, refused] = [...statuses].sort();
  expect(kept).toBe(200);
  expect([403, 409]).toContain(refused);
}

describe('two conflicting changes at once', () => {
  it('stripping each other’s managing role: one is kept, one refused, someone still manages', async () => {
    const [a, b] = await twoKeepers();
    for (let round = 0; round < rounds; round += 1) {
      await restore([a, b]);
      const answers = await Promise.all([
        t.call('PUT', `/api/roles/${b.roleId}`, { name: 'Keeper keeper-b', permissions: [] }, a.cookie),
        t.call('PUT', `/api/roles/${a.roleId}`, { name: 'Keeper keeper-a', permissions: [] }, b.cookie),
      ]);
      expectOneKept(answers.map((r) => r.statusCode));
      expect(await managers('Users')).toBeGreaterThan(0);
      expect(await managers('Roles')).toBeGreaterThan(0);
    }
  }, 120_000);

  it('two managers demoting each other: one is kept, one refused, someone still manages', async () => {
    const [a, b] = await twoKeepers();
    for (let round = 0; round < rounds; round += 1) {
      await restore([a, b]);
      const answers = await Promise.all([
        t.call('PUT', `/api/users/${b.userId}`, demotion(b), a.cookie),
        t.call('PUT', `/api/users/${a.userId}`, demotion(a), b.cookie),
      ]);
      expectOneKept(answers.map((r) => r.statusCode));
      expect(await managers('Users')).toBeGreaterThan(0);
      expect(await managers('Roles')).toBeGreaterThan(0);
    }
  }, 120_000);
});
