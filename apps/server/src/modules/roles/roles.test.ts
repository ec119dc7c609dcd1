// GET /roles and /roles/@me: the seeded roles with permissions_with_levels (docs/data-model.md (Role), docs/storage.md).
import { describe, expect, it } from 'vitest';
import { levelsOf as levels, sharedTestApp } from '../../testing/shared-test-app.js';

const t = sharedTestApp();

describe('GET /roles', () => {
  it('lists the seeded roles with their permissions and levels', async () => {
    const response = await t.call('GET', '/api/roles');
    expect(response.statusCode).toBe(200);
    const roles = response.json();
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['Administrator', 'Supervisor', 'Operator']);
    const [administrator, supervisor, operator] = roles;
    expect(levels(administrator)).toEqual({
      Users: 'DELETE',
      Roles: 'DELETE',
      Logs: 'DELETE',
      Probes: 'DELETE',
      Alarms: 'DELETE',
      Notifications: 'DELETE',
    });
    expect(levels(supervisor)).toEqual({
      Roles: 'READ',
      Logs: 'READ',
      Probes: 'DELETE',
      Alarms: 'UPDATE',
      Notifications: 'READ',
    });
    expect(operator).toMatchObject({ is_default: true, permissions_with_levels: [] });
    expect(administrator.is_default).toBe(false);
    expect(administrator.permissions_with_levels[0]).toEqual({
      permission_id: 1,
      permission_name: 'Users',
      permission_description: expect.any(String),
      permission_level_id: 4,
      permission_level_name: 'DELETE',
    });
    expect(Object.keys(administrator).sort()).toEqual([
      'createdAt',
      'description',
      'id',
      'is_default',
      'name',
      'permissions_with_levels',
      'updatedAt',
    ]);
  });
});

describe('GET /roles/@me', () => {
  it('answers the caller’s own role, even without the Roles permission', async () => {
    const response = await t.call('GET', '/api/roles/@me', undefined, await t.signedInAs('op', 'Operator'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Operator', permissions_with_levels: [] });
  });
});
