// PUT /roles/{id}/default follows "Nobody touches what is above them" (docs/role-editing.md): the default is the
// role meant for new users, so a Roles editor must not make a role above their own that role.
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';

const t = sharedTestApp();
const { call } = t;

type RoleRow = { id: number; name: string; is_default: boolean };
const roles = async () => (await call('GET', '/api/roles')).json() as RoleRow[];

describe('PUT /roles/{id}/default by a user below the administrators', () => {
  it('refuses a role above their own (403, naming why) and keeps the default; a role within theirs is fine', async () => {
    await t.createRole('Roles only', { Roles: 'DELETE' });
    const editor = await t.signedInAs('roles-only', 'Roles only');
    const before = (await roles()).find((r) => r.is_default)!;
    for (const name of ['Administrator', 'Supervisor']) {
      const target = (await roles()).find((r) => r.name === name)!;
      const refused = await call('PUT', `/api/roles/${target.id}/default`, undefined, editor);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json().message).toMatch(
        new RegExp(`^You cannot make the role ${name} the default: it holds \\w+ at \\w+, your own role holds less$`),
      );
    }
    expect((await roles()).filter((r) => r.is_default).map((r) => r.id)).toEqual([before.id]);
    const within = await t.createRole('Roles reader', { Roles: 'READ' });
    expect((await call('PUT', `/api/roles/${within}/default`, undefined, editor)).statusCode).toBe(200);
    expect((await roles()).filter((r) => r.is_default).map((r) => r.id)).toEqual([within]);
  });
});
