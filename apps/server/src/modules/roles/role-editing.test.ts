// Role editing through the real app (docs/role-editing.md): every safety rule, and permission changes taking
// effect on the holders' next request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { administratorRoleId } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { levelsOf as grants, sharedTestApp } from '../../testing/shared-test-app.js';
import { createTestApp, withCookie } from '../../testing/test-app.js';

const t = sharedTestApp();
const { call } = t;
let counter = 0;
const unique = (base: string) => `${base} ${(counter += 1)}`;

describe('POST /roles', () => {
  it('creates a role with its permissions (201), listed by GET /roles', async () => {
    const name = unique('Log reader');
    const created = await call('POST', '/api/roles', {
      name,
      description: 'Reads logs',
      permissions: [{ name: 'Logs', level: 'READ' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, description: 'Reads logs', is_default: false });
    expect(grants(created.json())).toEqual({ Logs: 'READ' });
    const listed = (await call('GET', '/api/roles')).json() as Array<{ name: string }>;
    expect(listed.map((r) => r.name)).toContain(name);
  });

  it('refuses a name taken ignoring case (409), a blank name or a repeated permission (400)', async () => {
    expect((await call('POST', '/api/roles', { name: 'operator' })).statusCode).toBe(409);
    expect((await call('POST', '/api/roles', { name: 'operator' })).json().message).toBe('Role name already exists');
    expect((await call('POST', '/api/roles', { name: '   ' })).statusCode).toBe(400);
    const twice = await call('POST', '/api/roles', {
      name: unique('Twice'),
      permissions: [
        { name: 'Logs', level: 'READ' },
        { name: 'Logs', level: 'DELETE' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/roles', { name: unique('Bad'), permissions: [{ name: 'Logs', level: 'ALL' }] })).statusCode,
    ).toBe(400);
  });

  it('refuses a name holding NUL, a line break, a control, zero-width or direction override character (400 naming it)', async () => {
    const cases: Array<[string, string]> = [
      ['Nul\u0000role', 'U+0000'],
      ['Two\nlines', 'U+000A'],
      ['Esc\u001b[2K', 'U+001B'],
      ['Zero\u200bwidth', 'U+200B'],
      ['Admin\u202eevil', 'U+202E'],
      ['Isolate\u2066x', 'U+2066'],
    ];
    for (const [name, codePoint] of cases) {
      const response = await call('POST', '/api/roles', { name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toContain(
        `Role name cannot contain control, invisible or direction characters (${codePoint})`,
      );
    }
    const roleId = await t.createRole(unique('Plain'), {});
    expect((await call('PUT', `/api/roles/${roleId}`, { name: 'Bad\u202ename' })).statusCode).toBe(400);
    expect((await call('POST', '/api/roles', { name: unique('Contrôle qualité 品質') })).statusCode).toBe(201);
  });

  it('needs Roles WRITE (403 below it, 401 signed out)', async () => {
    const supervisor = await t.signedInAs('role-reader', 'Supervisor');
    expect((await call('POST', '/api/roles', { name: unique('Nope') }, supervisor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/roles', payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('never grants a permission above the caller’s own level, so nobody raises their own role', async () => {
    const editorRole = unique('Role editor');
    const roleId = await t.createRole(editorRole, { Roles: 'DELETE', Users: 'UPDATE', Logs: 'READ' });
    const editor = await t.signedInAs('role-editor', editorRole);
    const above = await call(
      'POST',
      '/api/roles',
      { name: unique('Mine'), permissions: [{ name: 'Logs', level: 'DELETE' }] },
      editor,
    );
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe('You cannot grant Logs at DELETE: your own role holds less');
    const raiseOwn = await call(
      'PUT',
      `/api/roles/${roleId}`,
      {
        name: editorRole,
        permissions: [
          { name: 'Roles', level: 'DELETE' },
          { name: 'Users', level: 'UPDATE' },
          { name: 'Logs', level: 'READ' },
          { name: 'Probes', level: 'READ' },
        ],
      },
      editor,
    );
    expect(raiseOwn.statusCode).toBe(403);
    const within = await call(
      'POST',
      '/api/roles',
      { name: unique('Within'), permissions: [{ name: 'Logs', level: 'READ' }] },
      editor,
    );
    expect(within.statusCode).toBe(201);
  });
});

describe('PUT /roles/{id}', () => {
  it('changes name, description and permissions, taking effect on the holders’ next request', async () => {
    const viewerRole = unique('Viewer');
    const roleId = await t.createRole(viewerRole, {});
    const viewer = await t.signedInAs('viewer', viewerRole);
    expect((await call('GET', '/api/system/logs', undefined, viewer)).statusCode).toBe(403);
    const renamed = unique('Viewer with logs');
    const changed = await call('PUT', `/api/roles/${roleId}`, {
      name: renamed,
      description: 'Now reads logs',
      permissions: [{ name: 'Logs', level: 'READ' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: roleId, name: renamed, description: 'Now reads logs' });
    expect((await call('GET', '/api/system/logs', undefined, viewer)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown role and 409 for a name another role has', async () => {
    expect((await call('PUT', '/api/roles/9999', { name: unique('Ghost') })).statusCode).toBe(404);
    const roleId = await t.createRole(unique('Renamable'), {});
    expect((await call('PUT', `/api/roles/${roleId}`, { name: 'ADMINISTRATOR' })).statusCode).toBe(409);
  });

  it('never changes the built-in Administrator role (403), so nothing removed from it is lost for good', async () => {
    const roles = (await call('GET', '/api/roles')).json() as Array<{ id: number; name: string }>;
    const administrator = roles.find((r) => r.name === 'Administrator')!;
    const withoutLogs = await call('PUT', `/api/roles/${administrator.id}`, {
      name: 'Administrator',
      permissions: [
        { name: 'Users', level: 'DELETE' },
        { name: 'Roles', level: 'DELETE' },
        { name: 'Probes', level: 'DELETE' },
        { name: 'Alarms', level: 'DELETE' },
      ],
    });
    expect(withoutLogs.statusCode).toBe(403);
    expect(withoutLogs.json().message).toBe('The Administrator role always holds every permission and cannot be changed');
    const deleted = await call('DELETE', `/api/roles/${administrator.id}`);
    expect(deleted.statusCode).toBe(403);
    const after = (await call('GET', '/api/roles')).json().find((r: { id: number }) => r.id === administrator.id);
    expect(after.name).toBe('Administrator');
    expect(grants(after)).toEqual({
      Users: 'DELETE',
      Roles: 'DELETE',
      Logs: 'DELETE',
      Probes: 'DELETE',
      Alarms: 'DELETE',
      Notifications: 'DELETE',
    });
  });

  it('restores every permission of the Administrator role at start, for a database edited before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bpm-admin-role-'));
    const first = await createTestApp({ dataDir });
    await first.app.db
      .deleteFrom('role_permissions')
      .where('role_id', '=', administratorRoleId)
      .where('permission_id', '=', 3)
      .execute();
    await first.close();
    const second = await createTestApp({ dataDir });
    try {
      const cookie = withCookie(await second.loginAsAdmin());
      const roles = (await second.app.inject({ method: 'GET', url: '/api/roles', headers: cookie })).json();
      const administrator = roles.find((r: { id: number }) => r.id === administratorRoleId);
      expect(grants(administrator)).toEqual({
        Users: 'DELETE',
        Roles: 'DELETE',
        Logs: 'DELETE',
        Probes: 'DELETE',
        Alarms: 'DELETE',
        Notifications: 'DELETE',
      });
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses editing a role above one’s own (403): a Roles-only editor cannot demote the supervisors', async () => {
    await t.createRole(unique('Roles only'), { Roles: 'DELETE' });
    const rolesOnly = (await call('GET', '/api/roles')).json().find((r: { name: string }) => r.name.startsWith('Roles only'));
    const editor = await t.signedInAs('roles-only-editor', rolesOnly.name);
    const roles = (await call('GET', '/api/roles')).json() as Array<{ id: number; name: string }>;
    for (const name of ['Administrator', 'Supervisor']) {
      const target = roles.find((r) => r.name === name)!;
      const demote = await call(
        'PUT',
        `/api/roles/${target.id}`,
        { name, permissions: [{ name: 'Roles', level: 'DELETE' }] },
        editor,
      );
      expect(demote.statusCode).toBe(403);
      expect((await call('DELETE', `/api/roles/${target.id}`, undefined, editor)).statusCode).toBe(403);
    }
    const supervisor = roles.find((r) => r.name === 'Supervisor')!;
    const refused = await call('PUT', `/api/roles/${supervisor.id}`, { name: 'Supervisor', permissions: [] }, editor);
    expect(refused.json().message).toBe('You cannot change the role Supervisor: it holds Logs at READ, your own role holds less');
    const lowerId = await t.createRole(unique('Lower'), { Roles: 'READ' });
    expect((await call('PUT', `/api/roles/${lowerId}`, { name: unique('Lower renamed') }, editor)).statusCode).toBe(200);
  });

  it('refuses lowering one’s own role (403): nobody else might grant it back', async () => {
    const name = unique('Self editor');
    const roleId = await t.createRole(name, { Roles: 'UPDATE', Users: 'UPDATE', Logs: 'READ' });
    const editor = await t.signedInAs('self-editor', name);
    const keep = [
      { name: 'Roles', level: 'UPDATE' },
      { name: 'Users', level: 'UPDATE' },
    ];
    const lowered = await call('PUT', `/api/roles/${roleId}`, { name, permissions: keep }, editor);
    expect(lowered.statusCode).toBe(403);
    expect(lowered.json().message).toBe('You cannot lower your own role (Logs at READ): ask another user who manages roles');
    const renamed = await call(
      'PUT',
      `/api/roles/${roleId}`,
      { name, description: 'Renamed', permissions: [...keep, { name: 'Logs', level: 'READ' }] },
      editor,
    );
    expect(renamed.statusCode).toBe(200);
    expect((await call('PUT', `/api/roles/${roleId}`, { name, permissions: keep })).statusCode).toBe(200);
  });
});

describe('DELETE /roles/{id} and PUT /roles/{id}/default', () => {
  it('deletes a role nobody holds (204)', async () => {
    const roleId = await t.createRole(unique('Unused'), { Logs: 'READ' });
    expect((await call('DELETE', `/api/roles/${roleId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/roles/${roleId}`)).statusCode).toBe(404);
  });

  it('refuses to delete a role users hold, or the default role, naming why (409)', async () => {
    const roles = (await call('GET', '/api/roles')).json() as Array<{ id: number; name: string; is_default: boolean }>;
    const heldName = unique('Held');
    const heldId = await t.createRole(heldName, {});
    await t.createUser({ username: 'holder', password: 'holder-password', roleName: heldName });
    const held = await call('DELETE', `/api/roles/${heldId}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(/^This role cannot be deleted: \d+ user\(s\) hold it/);
    const fallback = roles.find((r) => r.is_default)!;
    const byDefault = await call('DELETE', `/api/roles/${fallback.id}`);
    expect(byDefault.statusCode).toBe(409);
    expect(byDefault.json().message).toBe('The default role cannot be deleted: make another role the default first');
  });

  it('makes exactly one role the default', async () => {
    const roleId = await t.createRole(unique('New default'), {});
    const response = await call('PUT', `/api/roles/${roleId}/default`);
    expect(response.statusCode).toBe(200);
    expect(response.json().is_default).toBe(true);
    const defaults = ((await call('GET', '/api/roles')).json() as Array<{ id: number; is_default: boolean }>).filter(
      (r) => r.is_default,
    );
    expect(defaults.map((r) => r.id)).toEqual([roleId]);
    const operator = ((await call('GET', '/api/roles')).json() as Array<{ id: number; name: string }>).find(
      (r) => r.name === 'Operator',
    )!;
    expect((await call('PUT', `/api/roles/${operator.id}/default`)).statusCode).toBe(200);
    expect((await call('PUT', '/api/roles/9999/default')).statusCode).toBe(404);
  });
});
