// The audit trail through the real app (docs/audit.md): changes recorded with before → after, never a secret;
// GET /audit's filters and permission; retention.
import type { AuditEntry } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';
import { createTestApp, testAdminPassword, withCookie } from '../../testing/test-app.js';

const t = sharedTestApp();
const { call } = t;
const audit = async (query = ''): Promise<AuditEntry[]> => {
  const response = await call('GET', `/api/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the audit trail', () => {
  it('records a user’s creation, change and deletion with the fields that changed, never the password', async () => {
    const created = await call('POST', '/api/users', {
      username: 'audited',
      firstName: 'Ada',
      lastName: 'Audit',
      email: 'ada@example.com',
      password: 'Audited-Secret-1',
      roleId: 3,
    });
    const userId = created.json().userId as number;
    await call('PUT', `/api/users/${userId}`, {
      username: 'audited',
      firstName: 'Ada',
      lastName: 'Changed',
      email: 'ada@example.com',
      roleId: 2,
    });
    await call('PUT', `/api/users/change-password/${userId}`, { newPassword: 'Audited-Secret-2' });
    await call('DELETE', `/api/users/${userId}`);

    const entries = await audit(`?target=user:${userId}`);
    expect(entries.map((e) => e.action)).toEqual(['user.delete', 'user.password', 'user.update', 'user.create']);
    const [deleted, password, updated, create] = entries;
    expect(updated?.changes).toEqual({ lastName: { before: 'Audit', after: 'Changed' }, roleId: { before: 3, after: 2 } });
    expect(create?.changes?.username).toEqual({ before: null, after: 'audited' });
    expect(password?.changes).toBeNull();
    expect(deleted?.changes?.email).toEqual({ before: 'ada@example.com', after: null });
    expect(create).toMatchObject({ actor: { username: 'admin' }, via: 'session', target: { type: 'user', id: String(userId) } });
    expect(create?.address).toBeTruthy();
    expect(JSON.stringify(await audit())).not.toMatch(/Audited-Secret|scrypt\$/);
  });

  it('records sign-ins, failed sign-ins and sign-outs, and keys without their token', async () => {
    const cookie = await t.signedInAs('signer', 'Operator');
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'signer', password: 'not-the-password' } });
    const key = (
      await call(
        'POST',
        '/api/keys',
        { name: 'audited key', expirationDate: new Date(Date.now() + 86_400_000).toISOString() },
        cookie,
      )
    ).json();
    await call('DELETE', `/api/keys/${key.id}`, undefined, cookie);
    await call('POST', '/api/logout', undefined, cookie);

    const failed = (await audit('?action=auth.sign-in-failed'))[0];
    expect(failed).toMatchObject({ actor: null, target: { type: 'username', id: 'signer' } });
    const bySigner = await audit('?actor=SIGNER');
    expect(bySigner.map((e) => e.action)).toEqual(['auth.sign-out', 'key.delete', 'key.create', 'auth.sign-in']);
    expect(bySigner[2]?.changes?.name).toEqual({ before: null, after: 'audited key' });
    expect(JSON.stringify(bySigner)).not.toContain(key.token);
  });

  it('records role edits and threshold changes; filters by action prefix, date and page', async () => {
    const role = (
      await call('POST', '/api/roles', { name: 'Audited role', permissions: [{ name: 'Logs', level: 'READ' }] })
    ).json();
    await call('PUT', `/api/roles/${role.id}`, { name: 'Audited role', permissions: [{ name: 'Logs', level: 'UPDATE' }] });
    await call('PUT', '/api/system/config', { timeoutSeconds: 20 });

    const roleEntries = await audit('?action=role.');
    expect(roleEntries.map((e) => e.action)).toEqual(['role.update', 'role.create']);
    expect(roleEntries[0]?.changes).toEqual({ permissions: { before: { Logs: 'READ' }, after: { Logs: 'UPDATE' } } });
    expect((await audit('?action=thresholds.update'))[0]?.changes).toEqual({ timeoutSeconds: { before: 10, after: 20 } });

    const firstPage = await audit('?limit=2');
    const secondPage = await audit(`?limit=2&before=${firstPage[1]!.id}`);
    expect(secondPage[0]!.id).toBeLessThan(firstPage[1]!.id);
    expect(await audit(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  });

  it('needs Logs READ, and refuses bad filters with 400', async () => {
    const operator = await t.signedInAs('no-logs', 'Operator');
    expect((await call('GET', '/api/audit', undefined, operator)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const query of ['?limit=0', '?from=yesterday', '?before=-1', '?colour=red']) {
      expect((await call('GET', `/api/audit${query}`)).statusCode, query).toBe(400);
    }
  });

  it('forgets entries older than BPM_AUDIT_MAX_AGE_DAYS', async () => {
    const first = await createTestApp({ auditMaxAgeDays: 30 });
    const dataDir = first.config.dataDir;
    await first.app.db
      .insertInto('audit_log')
      .values({
        ts: '2020-01-01T00:00:00.000Z',
        actor_id: null,
        actor_username: null,
        via: null,
        address: null,
        action: 'old.entry',
        target_type: null,
        target_id: null,
        changes: null,
      })
      .execute();
    await first.app.close();
    const again = await createTestApp({ dataDir, auditMaxAgeDays: 30 });
    try {
      const cookie = withCookie(await again.login('admin', testAdminPassword));
      const entries = (await again.app.inject({ method: 'GET', url: '/api/audit?action=old.entry', headers: cookie })).json();
      expect(entries).toEqual([]);
    } finally {
      await again.close();
      await first.close().catch(() => undefined);
    }
  });
});
