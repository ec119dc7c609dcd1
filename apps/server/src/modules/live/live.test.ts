// The live feed against a listening app with real `ws` clients (docs/live-feed.md).
import { type LiveMessage, type Probe, type ProbeReportInput } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { FakeHubClock } from './hub-clock.testing.js';

let t: TestApp;
let base: string;
let origin: string;
let cookie: string;
/** The hub's flush clock: a test ticks it where the timer would flush (hub-scheduler.ts). */
const clock = new FakeHubClock();

beforeAll(async () => {
  t = await createTestApp({ liveScheduler: clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `ws://127.0.0.1:${port}/`;
  origin = `http://127.0.0.1:${port}`;
  cookie = await t.loginAsAdmin();
});
afterAll(async () => t.close());

/** A client that records every message and can wait for one matching a condition. */
class Client {
  readonly messages: LiveMessage[] = [];
  private waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => (w.match(message) ? (w.resolve(message), false) : true));
    });
  }
  next(match: (m: LiveMessage) => boolean): Promise<LiveMessage> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
  close(): void {
    this.socket.terminate();
  }
}

function connect(headers: Record<string, string> = { cookie, origin }): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(base, { headers });
    const client = new Client(socket);
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const report = (probeID: string, batteryPercentage = 80, timestamp?: string): ProbeReportInput => ({
  probeID,
  readings: [{ origin: 'Thermocouple', temperature: 25, valid: true }],
  batteryPercentage,
  timestamp,
});
const ingest = (reports: ProbeReportInput[]) =>
  t.app.inject({ method: 'POST', url: '/api/probes/reports', headers: { cookie, origin: 'http://localhost' }, payload: reports });
const probesIn = (m: LiveMessage): Probe[] => (m.messageType === 'probeData' ? m.probes : []);
const has = (id: string) => (m: LiveMessage) => probesIn(m).some((p) => p.probeID === id);

describe('the compact format (bpm.compact.v1)', () => {
  it('is chosen when the client asks for it; a client that asks for nothing gets the spec messages', async () => {
    await ingest([report('Z-1')]);
    const open = (protocols: string[]) =>
      new Promise<{ socket: WebSocket; first: unknown[] }>((resolve, reject) => {
        const socket = new WebSocket(base, protocols, { headers: { cookie, origin } });
        const first: unknown[] = [];
        socket.on('message', (data) => {
          first.push(JSON.parse(data.toString()));
          if (first.length === 3) resolve({ socket, first });
        });
        socket.once('error', reject);
      });
    const compact = await open(['bpm.compact.v1']);
    expect(compact.socket.protocol).toBe('bpm.compact.v1');
    expect(compact.first[0]).toMatchObject({ messageType: 'systemConfig' });
    // The open alarms, the same JSON in both formats (docs/live-feed.md (Alarms)).
    expect(compact.first[1]).toMatchObject({ messageType: 'alarms', snapshotPart: 0 });
    // Part 0 of the compact snapshot (Z-1 is in it, or in the next flush's update if it was not flushed yet).
    expect(compact.first[2]).toMatchObject({ c: 's', n: [0, 1], ids: expect.any(Array) as unknown });
    const spec = await open([]);
    expect(spec.socket.protocol).toBe('');
    expect(spec.first[1]).toEqual(compact.first[1]);
    expect(spec.first[2]).toMatchObject({ messageType: 'probeData' });
    compact.socket.terminate();
    spec.socket.terminate();
  });
});

describe('the live feed at /', () => {
  it('refuses an upgrade without a session (401) or with a foreign Origin (403)', async () => {
    await expect(connect({})).rejects.toThrow('HTTP 401');
    await expect(connect({ cookie: 'bpm_session=forged', origin })).rejects.toThrow('HTTP 401');
    await expect(connect({ cookie, origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('still serves the web app to a plain GET /', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sends systemConfig, then a snapshot of every probe, on connect', async () => {
    await ingest([report('S-1'), report('S-2')]);
    const client = await connect();
    const [config, snapshot] = [await client.next(() => true), await client.next((m) => m.messageType === 'probeData')];
    expect(config.messageType).toBe('systemConfig');
    expect(client.messages[0]).toBe(config);
    expect(probesIn(snapshot).map((p) => p.probeID)).toEqual(expect.arrayContaining(['S-1', 'S-2']));
    client.close();
  });

  it('delivers a report to a connected client', async () => {
    const client = await connect();
    await client.next((m) => m.messageType === 'probeData');
    await ingest([report('R-1', 42)]);
    clock.tick();
    const update = await client.next(has('R-1'));
    expect(probesIn(update).find((p) => p.probeID === 'R-1')).toMatchObject({
      batteryPercentage: 42,
      state: { stateString: 'Normal' },
    });
    client.close();
  });

  it('a bad batch reaches no client: nothing of it is applied', async () => {
    const client = await connect();
    await client.next((m) => m.messageType === 'probeData');
    const bad = await ingest([
      report('X-1'),
      report('X-2'),
      { probeID: 'X-3', readings: [{ origin: 'CAN', temperature: Number.NaN, valid: true }] },
    ]);
    expect(bad.statusCode).toBe(400);
    await ingest([report('X-OK')]);
    clock.tick();
    await client.next(has('X-OK'));
    const seen = client.messages.flatMap(probesIn).map((p) => p.probeID);
    expect(seen).not.toContain('X-1');
    expect(seen).not.toContain('X-2');
    client.close();
  });

  it('coalesces many reports of one probe into its latest state, once', async () => {
    const client = await connect();
    await client.next((m) => m.messageType === 'probeData');
    // The clock does not tick by itself: every report below lands in the same flush.
    try {
      const start = Date.parse('2026-11-22T10:00:00.000Z');
      for (let request = 0; request < 3; request++) {
        const batch = Array.from({ length: 20 }, (_, i) =>
          report('C-1', 90 - (request * 20 + i), new Date(start + request * 20 + i).toISOString()),
        );
        expect((await ingest(batch)).json()).toEqual({ accepted: 20, ignored: 0 });
      }
      const before = client.messages.length;
      clock.tick();
      const update = await client.next(has('C-1'));
      expect(client.messages.indexOf(update)).toBeGreaterThanOrEqual(before);
      const copies = client.messages.flatMap(probesIn).filter((p) => p.probeID === 'C-1');
      expect(copies).toHaveLength(1);
      expect(copies[0]!.batteryPercentage).toBe(31);
    } finally {
      client.close();
    }
  });

  it('sends probeDeletion when a probe is deleted', async () => {
    await ingest([report('D-1')]);
    const client = await connect();
    await client.next(has('D-1'));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/probes/D-1',
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(deleted.statusCode).toBe(204);
    const message = await client.next((m) => m.messageType === 'probeDeletion');
    expect(message).toEqual({ messageType: 'probeDeletion', probes: [{ probeID: 'D-1' }] });
    client.close();
  });

  // 40 rounds of 1,000 reports: seconds of CPU, more on a loaded 2-core machine, hence its own timeout.
  it(
    'a socket that never reads costs bounded memory: its updates coalesce, then it catches up',
    { timeout: 120_000 },
    async () => {
      const hub = t.app.liveHub;
      const bound = 64 * 1024;
      const previousBound = hub.options.maxBufferedBytes;
      hub.options.maxBufferedBytes = bound; // small, so the test needs only a few MB of traffic
      const before = new Set(t.app.websocketServer.clients);
      const slow = await connect();
      const serverSide = [...t.app.websocketServer.clients].find((s) => !before.has(s))!;
      const reader = await connect();
      slow.socket.pause(); // stops reading: the TCP window fills, then the server's buffer
      try {
        const probeCount = 1000;
        let largestMessage = 0;
        for (let round = 0; round < 40; round++) {
          const reports = Array.from({ length: probeCount }, (_, i) => ({
            ...report(`B-${i}`, 50 + (round % 40)),
            timestamp: undefined,
          }));
          expect((await ingest(reports)).statusCode).toBe(202);
          // The paused client cannot answer pings (its pongs wait behind the data it does not read); the
          // heartbeat would drop it after 30–60 s on a slow machine. This test is about its buffer.
          hub.markAlive(serverSide);
          const sentBefore = hub.counters.bytesSent;
          clock.tick();
          largestMessage = Math.max(largestMessage, hub.counters.bytesSent - sentBefore); // bytes to both sockets: an upper bound
          // The reading client takes each update before the next, so it never backs up.
          await reader.next((m) => probesIn(m).some((p) => p.probeID === 'B-0' && p.batteryPercentage === 50 + (round % 40)));
        }
        const state = hub.clientState(serverSide)!;
        expect(state.isBackedUp).toBe(true);
        // One entry per probe, however many updates (earlier tests' probes may join when their watchdogs fire on a slow machine).
        expect(state.pendingProbes).toBeLessThanOrEqual(hub.probeCount);
        // Nothing more was queued once the bound was passed: at most the bound plus the message that crossed it.
        expect(serverSide.bufferedAmount).toBeLessThanOrEqual(bound + largestMessage);
        expect(reader.messages.filter(has('B-0')).length).toBe(40); // the reading client missed nothing

        slow.socket.resume();
        // Every probe in its latest state (in one message or several: a slice also ends on its time budget).
        await vi.waitFor(
          () => {
            clock.tick(); // the timer's next flush: the socket has drained by now, or by a later one
            const latest = new Map(slow.messages.flatMap(probesIn).map((p) => [p.probeID, p.batteryPercentage]));
            const caughtUp = Array.from({ length: probeCount }, (_, i) => latest.get(`B-${i}`)).filter((b) => b === 89);
            expect(caughtUp).toHaveLength(probeCount);
          },
          { timeout: 30_000 },
        );
        // Probes beyond one slice (earlier tests' probes whose watchdogs fired meanwhile) follow in later turns:
        // the socket is caught up once they have gone.
        await vi.waitFor(
          () => {
            clock.tick();
            expect(hub.clientState(serverSide)).toEqual({ isBackedUp: false, pendingProbes: 0 });
          },
          { timeout: 30_000 },
        );
      } finally {
        hub.options.maxBufferedBytes = previousBound;
        slow.close();
        reader.close();
      }
    },
  );
});

describe('an open live socket whose credentials end', () => {
  // The periodic recheck stays at its 30 s default: each socket here must close because of the change itself.
  let live: TestApp;
  let port = 0;
  beforeAll(async () => {
    live = await createTestApp();
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    const address = live.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => live.close());

  async function open(headers: Record<string, string>) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, { headers: { origin: `http://127.0.0.1:${port}`, ...headers } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // Wrapped: an async function returning the promise itself would wait for the close.
    return { closed: new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))) };
  }
  const api = (method: 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    live.app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

  it('is closed (1008) at once when its session is logged out, and a new upgrade is refused', async () => {
    const sessionCookie = await live.loginAsAdmin();
    const { closed } = await open({ cookie: sessionCookie });
    expect((await api('POST', '/api/logout', sessionCookie)).statusCode).toBe(204);
    expect(await closed).toBe(1008);
    const again = new WebSocket(`ws://127.0.0.1:${port}/`, {
      headers: { cookie: sessionCookie, origin: `http://127.0.0.1:${port}` },
    });
    const status = await new Promise<number>((resolve) =>
      again.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('is closed at once when its user changes their password elsewhere, or is deleted', async () => {
    const user = await live.createUser({ username: 'watcher', password: 'watcher-password', roleName: 'Operator' });
    const { closed: watching } = await open({ cookie: await live.login('watcher', 'watcher-password') });
    const here = await live.login('watcher', 'watcher-password');
    const changed = await api('PUT', '/api/users/change-password/@me', here, {
      currentPassword: 'watcher-password',
      newPassword: 'another-password',
    });
    expect(changed.statusCode).toBe(204);
    expect(await watching).toBe(1008);

    const { closed: stillWatching } = await open({ cookie: here });
    expect((await api('DELETE', `/api/users/${user.userId}`, await live.loginAsAdmin())).statusCode).toBe(204);
    expect(await stillWatching).toBe(1008);
  });

  it('is closed at once when its API key is deleted, leaving other sockets of that user open', async () => {
    const admin = await live.loginAsAdmin();
    const key = (
      await api('POST', '/api/keys', admin, {
        name: 'wall screen',
        expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).json();
    const { closed: byKey } = await open({ authorization: `Bearer ${key.token}` });
    let sessionClosed = false;
    void (await open({ cookie: admin })).closed.then(() => (sessionClosed = true));
    expect((await api('DELETE', `/api/keys/${key.id}`, admin)).statusCode).toBe(204);
    expect(await byKey).toBe(1008);
    expect(sessionClosed).toBe(false);
  });
});
