// Every name a person enters and others see or the log records refuses control, zero-width and direction
// characters (docs/data-model.md#other-bounds): a 400 naming the field and the code point, nothing kept.
import { describe, expect, it } from 'vitest';
import { report } from './modules/probes/probe-report.testing.js';
import { sharedTestApp } from './testing/shared-test-app.js';

const t = sharedTestApp();
const { call } = t;
const operatorRoleId = 3;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const person = (username: string, firstName: string, lastName = 'Test') => ({
  username,
  firstName,
  lastName,
  email: `${username}@example.com`,
  roleId: operatorRoleId,
});

async function expectRefused(what: Promise<{ statusCode: number; json(): { message: string } }>, label: string, code: string) {
  const response = await what;
  expect(response.statusCode, label).toBe(400);
  expect(response.json().message).toContain(`${label} cannot contain control, invisible or direction characters (${code})`);
}

describe('hidden characters in names', () => {
  it('are refused in API key names, and nothing is created', async () => {
    await expectRefused(call('POST', '/api/keys', { name: 'key\u202eyek', expirationDate: tomorrow() }), 'Key name', 'U+202E');
    await expectRefused(call('POST', '/api/keys', { name: 'line\nbreak', expirationDate: tomorrow() }), 'Key name', 'U+000A');
    expect((await call('GET', '/api/keys')).json()).toEqual([]);
    expect((await call('POST', '/api/keys', { name: 'Gateway 7 — hall B', expirationDate: tomorrow() })).statusCode).toBe(201);
  });

  it('are refused in first and last names, whoever sets them', async () => {
    await expectRefused(
      call('POST', '/api/users', { ...person('zw', 'Zero\u200bWidth'), password: 'long-enough-1' }),
      'First name',
      'U+200B',
    );
    await expectRefused(
      call('POST', '/api/users', { ...person('esc', 'Esc', 'x\u001b[2K'), password: 'long-enough-1' }),
      'Last name',
      'U+001B',
    );
    const created = await call('POST', '/api/users', { ...person('zoe', 'Zoë', "O'Brien-Łukasz"), password: 'long-enough-1' });
    expect(created.statusCode, created.body).toBe(201);
    const { userId } = created.json() as { userId: number };
    await expectRefused(call('PUT', `/api/users/${userId}`, person('zoe', 'Zoë\u2066')), 'First name', 'U+2066');
    const me = (await call('GET', '/api/users/@me')).json() as { email: string };
    await expectRefused(
      call('PUT', '/api/users/@me', { firstName: 'Ad\u0000min', lastName: 'X', email: me.email }),
      'First name',
      'U+0000',
    );
    expect((await call('GET', `/api/users`)).json().find((u: { userId: number }) => u.userId === userId).firstName).toBe('Zoë');
  });

  it('are refused in role descriptions, which may still span lines', async () => {
    await expectRefused(
      call('POST', '/api/roles', { name: 'Described', description: 'Reads \u202elogs' }),
      'Description',
      'U+202E',
    );
    const created = await call('POST', '/api/roles', { name: 'Described', description: 'Reads logs\nand nothing else' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    await expectRefused(
      call('PUT', `/api/roles/${id}`, { name: 'Described', description: 'tab\there' }),
      'Description',
      'U+0009',
    );
  });

  it('are refused in stage, AGV and pack names, reported or assigned by hand', async () => {
    const disguised = { buildStage: { id: 3, name: 'Stage\u202e3' }, agv: null, batteryPack: null, expectingCANData: true };
    const reported = call('POST', '/api/probes/reports', [report('P-HIDDEN', { assignment: disguised })]);
    await expectRefused(reported, 'Name', 'U+202E');
    expect((await call('POST', '/api/probes/reports', [report('P-SHOWN')])).statusCode).toBe(202);
    const pack = { buildStage: null, agv: null, batteryPack: { id: 9, name: 'Pack\u200b9' }, expectingCANData: true };
    await expectRefused(call('PUT', '/api/probes/P-SHOWN/assignment', pack), 'Name', 'U+200B');
  });
});
