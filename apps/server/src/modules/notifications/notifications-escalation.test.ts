// Escalation, repeat, "cleared", grouping and retries through the real app with an injected clock and a real
// webhook receiver (docs/notifications.md "Rules", "Grouping", "Delivery"): no real waits, the clock moves.
import type { Alarm, Channel, Delivery, NotificationDocument, ProbeReportInput, Rule, RuleInputBody } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './receivers.testing.js';

let t: TestApp;
let admin: Record<string, string>;
let hook: WebhookReceiver;
let now = Date.now();
const minute = 60_000;

const welding = {
  buildStage: { id: 3, name: 'Busbar welding' },
  agv: { id: 12, name: 'AGV-12' },
  batteryPack: { id: 2291, name: 'Pack 2291' },
};
const report = (probeID: string, temperature: number): ProbeReportInput => ({
  probeID,
  firmwareVersion: '2.4.1',
  readings: [
    { origin: 'CAN', temperature, valid: true },
    { origin: 'Thermocouple', temperature, valid: true },
  ],
  batteryPercentage: 80,
  batteryCharging: false,
  assignment: { ...welding, expectingCANData: true },
});

beforeAll(async () => {
  hook = await startWebhookReceiver();
  const base = loadConfig({});
  // The sender's own timer never fires during a test: tick() is called after the clock moves.
  t = await createTestApp({
    notifications: { ...base.notifications, clock: () => now, tickMs: 3_600_000, publicUrl: 'https://bpm.plant.test' },
  });
  admin = withCookie(await t.loginAsAdmin());
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app
    .inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) })
    .then((r) => (r.body === '' ? (undefined as T) : r.json<T>()));
/** Alarms are raised on the real clock: the injected one catches up, so that a step due at raisedAt is due now. */
const send = async (reports: ProbeReportInput[]) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers: admin, payload: reports });
  now = Math.max(now, Date.now());
  return response;
};
const tick = () => t.app.notificationService.tick();
const advance = async (ms: number) => {
  now += ms;
  await tick();
};
const alarmOf = async (probeID: string) => (await call<Alarm[]>('GET', `/alarms?probeID=${probeID}`))[0]!;
const documents = (from: number) => hook.requests.slice(from).map((r) => r.json as unknown as NotificationDocument<Alarm>);

async function channel(name: string, path: string): Promise<Channel> {
  return call<Channel>('POST', '/notification-channels', {
    name,
    type: 'webhook',
    settings: { url: `${hook.url}/${path}`, format: 'json' },
  });
}
async function rule(body: Omit<RuleInputBody, 'match'> & { match?: RuleInputBody['match'] }): Promise<Rule> {
  // Event 11 (temperature above panic) only: a watchdog alarm of a slow test run must not join in.
  return call<Rule>('POST', '/notification-rules', { match: { eventTypes: ['Critical'], events: [11] }, ...body });
}

describe('escalation', () => {
  it('sends step 1 at once, step 2 when its time comes, repeats the last, and "cleared" to every channel notified', async () => {
    const lead = await channel('Shift lead', 'lead');
    const manager = await channel('Plant manager', 'manager');
    const r = await rule({
      name: 'Escalate',
      steps: [
        { afterMinutes: 0, channelIds: [lead.id] },
        { afterMinutes: 15, channelIds: [manager.id] },
      ],
      repeatMinutes: 30,
      notifyCleared: true,
      groupSeconds: 0,
    });
    const from = hook.requests.length;
    await send([report('N-ESC', 60)]);
    await tick();
    await hook.received(from + 1);
    const alarm = await alarmOf('N-ESC');
    expect(documents(from)[0]).toMatchObject({
      kind: 'alarm',
      step: 1,
      rule: { id: r.id, name: 'Escalate' },
      more: 0,
      url: `https://bpm.plant.test/alarms?alarm=${alarm.id}`,
    });
    expect(documents(from)[0]!.alarms.map((a) => a.id)).toEqual([alarm.id]);

    await advance(14 * minute);
    expect(hook.requests.length).toBe(from + 1);
    await advance(1 * minute);
    await hook.received(from + 2);
    expect(hook.requests[from + 1]!.headers['x-bpm-delivery']).toBeDefined();
    expect(documents(from)[1]).toMatchObject({ step: 2, kind: 'alarm' });

    await advance(30 * minute);
    await hook.received(from + 3);
    expect(documents(from)[2]).toMatchObject({ step: 2, kind: 'alarm' });

    await send([report('N-ESC', 30)]);
    await tick();
    await hook.received(from + 5);
    expect(
      documents(from)
        .slice(3)
        .map((d) => d.kind),
    ).toEqual(['cleared', 'cleared']);

    // The Alarms page's "Notified: …": the messages that named the alarm, newest first.
    const log = await call<Delivery[]>('GET', `/notifications?alarmId=${alarm.id}`);
    expect(log.map((d) => [d.kind, d.step, d.repeat, d.channelName, d.status])).toEqual([
      ['cleared', null, 0, 'Plant manager', 'sent'],
      ['cleared', null, 0, 'Shift lead', 'sent'],
      ['alarm', 2, 1, 'Plant manager', 'sent'],
      ['alarm', 2, 0, 'Plant manager', 'sent'],
      ['alarm', 1, 0, 'Shift lead', 'sent'],
    ]);
    await call('DELETE', `/notification-rules/${r.id}`);
  });

  it('ends the escalation when the alarm is acknowledged', async () => {
    const lead = await channel('Ack lead', 'ack');
    const r = await rule({
      name: 'Until ack',
      steps: [
        { afterMinutes: 0, channelIds: [lead.id] },
        { afterMinutes: 5, channelIds: [lead.id] },
      ],
      groupSeconds: 0,
    });
    const from = hook.requests.length;
    await send([report('N-ACK', 60)]);
    await tick();
    await hook.received(from + 1);
    const alarm = await alarmOf('N-ACK');
    await call('POST', `/alarms/${alarm.id}/acknowledge`, { comment: 'on it' });
    await advance(10 * minute);
    await advance(10 * minute);
    expect(hook.requests.length).toBe(from + 1);
    await call('DELETE', `/notification-rules/${r.id}`);
  });
});

describe('grouping', () => {
  it('turns a flood into a handful of messages per channel, the first 20 named and the rest counted', async () => {
    const c = await channel('Flood hook', 'flood');
    const r = await rule({ name: 'Flood', steps: [{ afterMinutes: 0, channelIds: [c.id] }], groupSeconds: 30 });
    const from = hook.requests.length;
    // The first wave: one message at once; the second within 30 s waits for the window's end.
    await send(Array.from({ length: 10 }, (_, i) => report(`N-FLOOD-${i}`, 60)));
    await tick();
    await hook.received(from + 1);
    now += 10_000;
    await send(Array.from({ length: 30 }, (_, i) => report(`N-FLOOD-${10 + i}`, 60)));
    await tick();
    expect(hook.requests.length).toBe(from + 1);
    await advance(20_000);
    await hook.received(from + 2);
    const docs = documents(from);
    expect(docs).toHaveLength(2);
    expect(docs.map((d) => d.alarms.length + d.more)).toEqual([10, 30]);
    expect(docs[1]!.alarms).toHaveLength(20);
    expect(docs[1]!.more).toBe(10);
    await call('DELETE', `/notification-rules/${r.id}`);
  });
});

describe('delivery', () => {
  it('retries a 503 with back-off from 5 s doubling, and fails a 400 at once', async () => {
    const c = await channel('Flaky hook', 'flaky');
    const r = await rule({ name: 'Retry', steps: [{ afterMinutes: 0, channelIds: [c.id] }], groupSeconds: 0 });
    const from = hook.requests.length;
    hook.answer = 503;
    await send([report('N-RETRY', 60)]);
    await tick();
    const [pending] = await call<Delivery[]>('GET', `/notifications?channelId=${c.id}`);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503: receiver says no' });
    expect(Date.parse(pending!.nextAttemptAt!) - now).toBe(5000);
    await advance(5000);
    const [again] = await call<Delivery[]>('GET', `/notifications?channelId=${c.id}`);
    expect(again).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(again!.nextAttemptAt!) - now).toBe(10_000);
    hook.answer = 200;
    await advance(10_000);
    await hook.received(from + 1);
    expect((await call<Delivery[]>('GET', `/notifications?channelId=${c.id}`))[0]).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
    });

    hook.answer = 400;
    await send([report('N-RETRY-2', 60)]);
    await tick();
    hook.answer = 200;
    expect((await call<Delivery[]>('GET', `/notifications?channelId=${c.id}&status=failed`))[0]).toMatchObject({
      attempts: 1,
      lastError: 'HTTP 400: receiver says no',
    });
    await call('DELETE', `/notification-rules/${r.id}`);
  });
});
