// A role change never takes away what the live feed streams (docs/security.md (Live sockets end with their
// credentials)): every message carries what any signed-in user may read, so a socket whose role loses all
// its permissions stays open and keeps receiving probes and alarms, while its holder can no longer use the
// pages the permissions gated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

describe('a live socket whose role loses every permission', () => {
  it('stays open and still receives probes and alarms; the pages the role gated answer 403', async () => {
    const admin = withCookie(await t.loginAsAdmin());
    const roleId = await t.createRole('Watchers', { Alarms: 'UPDATE', Logs: 'READ', Probes: 'WRITE' });
    await t.createUser({ username: 'wanda', password: 'watcher-password', roleName: 'Watchers' });
    const cookie = await t.login('wanda', 'watcher-password');

    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, { headers: { cookie, origin: `http://127.0.0.1:${port}` } });
    const types: string[] = [];
    socket.on('message', (data: Buffer) => types.push((JSON.parse(data.toString()) as { messageType: string }).messageType));
    let closedWith: number | undefined;
    socket.on('close', (code) => (closedWith = code));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${roleId}`,
      headers: admin,
      payload: { name: 'Watchers', description: 'nothing left', permissions: [] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/system/logs', headers: withCookie(cookie) })).statusCode).toBe(403);

    // A report that raises an alarm: the socket gets the probe and the alarm.
    types.length = 0;
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/probes/reports',
      headers: admin,
      payload: [{ probeID: 'R-1', readings: [], batteryPercentage: 3 }],
    });
    expect(reported.statusCode).toBe(202);
    await expect.poll(() => types, { timeout: 5000 }).toEqual(expect.arrayContaining(['alarms', 'probeData']));
    expect(closedWith).toBeUndefined();
    socket.close();
  });
});
