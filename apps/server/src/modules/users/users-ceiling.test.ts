// Users UPDATE is not a takeover (docs/role-editing.md "Nobody hands out more than they hold"): a user
// manager may neither give a role above their own nor touch the account of someone whose role is above it.
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';
import { testAdminPassword } from '../../testing/test-app.js';

const t = sharedTestApp();
const { call } = t;
const administratorRoleId = 1;
const operatorRoleId = 3;

async function idOf(username: string): Promise<number> {
  const users = (await call('GET', '/api/users')).json() as Array<{ userId: number; username: string }>;
  return users.find((u) => u.username === username)!.userId;
}

const profile = (username: string, roleId: number) => ({
  username,
  firstName: username,
  lastName: 'Test',
  email: `${username}@example.com`,
  roleId,
});

describe('a user manager below the administrators', () => {
  it('cannot set an administrator’s password, even with an empty current password (403, naming why)', async () => {
    await t.createRole('Helpdesk', { Users: 'DELETE', Logs: 'READ' });
    const helpdesk = await t.signedInAs('helpdesk', 'Helpdesk');
    const adminId = await idOf('admin');
    const takeover = await call(
      'PUT',
      `/api/users/change-password/${adminId}`,
      { currentPassword: '', newPassword: 'taken-over-password' },
      helpdesk,
    );
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toBe(
      'You cannot change the account of admin: their role holds Roles at DELETE, your own role holds less',
    );
    await expect(t.login('admin', 'taken-over-password')).rejects.toThrow();
    await expect(t.login('admin', testAdminPassword)).resolves.toContain('bpm_session=');
  });

  it('cannot give anyone (themselves included) a role holding more than their own (403)', async () => {
    const helpdesk = await t.signedInAs('helpdesk2', 'Helpdesk');
    const selfId = await idOf('helpdesk2');
    const raiseSelf = await call('PUT', `/api/users/${selfId}`, profile('helpdesk2', administratorRoleId), helpdesk);
    expect(raiseSelf.statusCode).toBe(403);
    expect(raiseSelf.json().message).toBe(
      'You cannot give the role Administrator: it holds Roles at DELETE, your own role holds less',
    );
    const created = await call(
      'POST',
      '/api/users',
      { ...profile('accomplice', administratorRoleId), password: 'p4ssword!' },
      helpdesk,
    );
    expect(created.statusCode).toBe(403);
    const users = (await call('GET', '/api/users')).json() as Array<{ username: string; roleId: number }>;
    expect(users.find((u) => u.username === 'helpdesk2')?.roleId).not.toBe(administratorRoleId);
    expect(users.map((u) => u.username)).not.toContain('accomplice');
  });

  it('cannot change or delete an administrator’s account (403)', async () => {
    const helpdesk = await t.signedInAs('helpdesk3', 'Helpdesk');
    const adminId = await idOf('admin');
    const demote = await call('PUT', `/api/users/${adminId}`, profile('admin', operatorRoleId), helpdesk);
    expect(demote.statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${adminId}`, undefined, helpdesk)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/@me')).json()).toMatchObject({ username: 'admin', roleId: administratorRoleId });
  });

  it('still manages the accounts at or below their own role', async () => {
    const helpdesk = await t.signedInAs('helpdesk4', 'Helpdesk');
    await t.createUser({ username: 'line-worker', password: 'line-worker-password', roleName: 'Operator' });
    const workerId = await idOf('line-worker');
    const reset = await call('PUT', `/api/users/change-password/${workerId}`, { newPassword: 'new-worker-password' }, helpdesk);
    expect(reset.statusCode).toBe(204);
    await expect(t.login('line-worker', 'new-worker-password')).resolves.toContain('bpm_session=');
    const helpdeskRoleId = (await call('GET', '/api/users'))
      .json()
      .find((u: { username: string }) => u.username === 'helpdesk4').roleId;
    const promoted = await call('PUT', `/api/users/${workerId}`, profile('line-worker', helpdeskRoleId), helpdesk);
    expect(promoted.statusCode).toBe(200);
    const peer = await call(
      'PUT',
      `/api/users/change-password/${await idOf('helpdesk')}`,
      { newPassword: 'peer-password' },
      helpdesk,
    );
    expect(peer.statusCode).toBe(204);
  });
});
