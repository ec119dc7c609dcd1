// The notification API against real receivers (docs/notifications.md "API"): channels and rules with their
// validation, permissions and audit entries; the write-only secret; Send test answering the outcome.
import { createHmac } from 'node:crypto';
import type { Channel, ChannelTestResult, Delivery, Rule } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from './receivers.testing.js';

let t: TestApp;
let admin: Record<string, string>;
let supervisor: Record<string, string>;
let operator: Record<string, string>;
let hook: WebhookReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  [hook, smtp] = await Promise.all([startWebhookReceiver(), startSmtpReceiver()]);
  t = await createTestApp();
  t.config.notifications.smtpUrl = smtp.url;
  t.config.notifications.smtpFrom = 'BPM <bpm@plant.test>';
  admin = withCookie(await t.loginAsAdmin());
  await t.createUser({ username: 'sam', password: 'supervisor-password', roleName: 'Supervisor' });
  await t.createUser({ username: 'olivia', password: 'operator-password', roleName: 'Operator' });
  supervisor = withCookie(await t.login('sam', 'supervisor-password'));
  operator = withCookie(await t.login('olivia', 'operator-password'));
});
afterAll(async () => {
  await t.close();
  await Promise.all([hook.close(), smtp.close()]);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const webhook = (name: string, extra: object = {}) => ({
  name,
  type: 'webhook',
  settings: { url: hook.url, format: 'json', ...extra },
});

describe('channels', () => {
  it('creates, lists, changes and deletes a channel, the secret write-only, every change audited without it', async () => {
    const created = await call('POST', '/notification-channels', webhook('Shift lead hook', { secret: 's3cret-value' }));
    expect(created.statusCode).toBe(201);
    const channel = created.json<Channel>();
    expect(channel).toMatchObject({
      name: 'Shift lead hook',
      type: 'webhook',
      enabled: true,
      settings: { url: hook.url, format: 'json', secretSet: true },
    });
    expect(created.body).not.toContain('s3cret-value');

    // No secret in the body keeps the stored one; null removes it.
    const kept = await call('PUT', `/notification-channels/${channel.id}`, { ...webhook('Shift lead hook'), enabled: false });
    expect(kept.json<Channel>()).toMatchObject({ enabled: false, settings: { secretSet: true } });
    const removed = await call('PUT', `/notification-channels/${channel.id}`, webhook('Shift lead hook', { secret: null }));
    expect(removed.json<Channel>().settings).toMatchObject({ secretSet: false });

    const list = await call('GET', '/notification-channels', undefined, supervisor);
    expect(list.statusCode).toBe(200);
    expect(list.json<Channel[]>().map((c) => c.name)).toContain('Shift lead hook');

    expect((await call('DELETE', `/notification-channels/${channel.id}`)).statusCode).toBe(204);
    const audit = await call('GET', '/audit?target=notification-channel&limit=10');
    const entries = audit.body;
    expect(entries).toContain('notification-channel.create');
    expect(entries).toContain('notification-channel.update');
    expect(entries).toContain('notification-channel.delete');
    expect(entries).not.toContain('s3cret-value');
  });

  it.each([
    [
      { name: 'ftp', type: 'webhook', settings: { url: 'ftp://plant.test/x', format: 'json' } },
      'url must be an http or https address',
    ],
    [{ name: 'nobody', type: 'email', settings: { to: [], userIds: [] } }, 'at least one recipient'],
    [{ name: 'bad mail', type: 'email', settings: { to: ['not-an-address'] } }, 'valid e-mail address'],
    [{ name: 'ghost', type: 'email', settings: { userIds: [987654] } }, 'No user with id 987654'],
    [{ name: 'fmt', type: 'webhook', settings: { url: 'https://x.test', format: 'xml' } }, 'format must be json, slack or teams'],
    [{ name: 'pager', type: 'sms', settings: {} }, 'type must be email or webhook'],
  ])('refuses %j with a 400 saying why', async (body, reason) => {
    const response = await call('POST', '/notification-channels', body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(reason);
  });

  it('keeps names unique ignoring case, and a channel in use cannot be deleted without naming the rules', async () => {
    const channel = (await call('POST', '/notification-channels', webhook('Plant manager'))).json<Channel>();
    const clash = await call('POST', '/notification-channels', webhook('PLANT MANAGER'));
    expect(clash.statusCode).toBe(409);
    const rule = await call('POST', '/notification-rules', {
      name: 'Night shift',
      match: { eventTypes: ['Critical'] },
      steps: [{ afterMinutes: 0, channelIds: [channel.id] }],
    });
    expect(rule.statusCode).toBe(201);
    const refused = await call('DELETE', `/notification-channels/${channel.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('"Night shift"');
  });

  it('needs Notifications: READ to read, WRITE to create, UPDATE to test, DELETE to delete', async () => {
    expect((await call('GET', '/notification-channels', undefined, operator)).statusCode).toBe(403);
    expect((await call('GET', '/notifications', undefined, operator)).statusCode).toBe(403);
    expect((await call('GET', '/notification-rules', undefined, supervisor)).statusCode).toBe(200);
    expect((await call('POST', '/notification-channels', webhook('By sam'), supervisor)).statusCode).toBe(403);
    const channel = (await call('POST', '/notification-channels', webhook('Admin hook'))).json<Channel>();
    expect((await call('POST', `/notification-channels/${channel.id}/test`, undefined, supervisor)).statusCode).toBe(403);
    expect((await call('DELETE', `/notification-channels/${channel.id}`, undefined, supervisor)).statusCode).toBe(403);
  });
});

describe('rules', () => {
  it('refuses steps out of order, a missing channel and bad bounds with a 400 saying why', async () => {
    const channel = (await call('POST', '/notification-channels', webhook('Rule hook'))).json<Channel>();
    const base = { name: 'R', match: { eventTypes: ['Critical'] }, steps: [{ afterMinutes: 0, channelIds: [channel.id] }] };
    const cases: Array<[object, string]> = [
      [
        {
          ...base,
          steps: [
            { afterMinutes: 10, channelIds: [channel.id] },
            { afterMinutes: 5, channelIds: [channel.id] },
          ],
        },
        'step 2 must come after step 1',
      ],
      [{ ...base, steps: [{ afterMinutes: 0, channelIds: [424242] }] }, 'No notification channel with id 424242'],
      [{ ...base, steps: [] }, 'a rule needs 1 to 5 steps'],
      [{ ...base, repeatMinutes: 2 }, 'repeatMinutes'],
      [{ ...base, groupSeconds: 601 }, 'groupSeconds'],
      [{ ...base, match: { eventTypes: [] } }, 'match.eventTypes needs Warning, Critical or both'],
    ];
    for (const [body, reason] of cases) {
      const response = await call('POST', '/notification-rules', body);
      expect(response.statusCode, reason).toBe(400);
      expect(response.body).toContain(reason);
    }
    const created = await call('POST', '/notification-rules', {
      ...base,
      name: 'Welding',
      match: { eventTypes: ['Warning', 'Critical'], stageIds: [3] },
    });
    expect(created.json<Rule>()).toMatchObject({ enabled: true, repeatMinutes: null, notifyCleared: false, groupSeconds: 30 });
    const id = created.json<Rule>().id;
    const changed = await call('PUT', `/notification-rules/${id}`, { ...base, name: 'Welding', repeatMinutes: 30 });
    expect(changed.json<Rule>().repeatMinutes).toBe(30);
    expect((await call('DELETE', `/notification-rules/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/notification-rules/${id}`)).statusCode).toBe(404);
  });
});

describe('Send test', () => {
  it('posts a signed test message and answers sent; the receiver can check the signature', async () => {
    const channel = (
      await call('POST', '/notification-channels', webhook('Signed hook', { secret: 'hook-secret' }))
    ).json<Channel>();
    const before = hook.requests.length;
    const response = await call('POST', `/notification-channels/${channel.id}/test`);
    expect(response.json<ChannelTestResult>()).toMatchObject({ status: 'sent', error: null });
    const request = (await hook.received(before + 1))[before]!;
    const expected = createHmac('sha256', 'hook-secret').update(request.body).digest('hex');
    expect(request.headers['x-bpm-signature']).toBe(`sha256=${expected}`);
    expect(request.headers['x-bpm-timestamp']).toMatch(/^\d+$/);
    expect(request.headers['x-bpm-delivery']).toBe(String(response.json<ChannelTestResult>().deliveryId));
    expect(request.json).toMatchObject({ kind: 'test', deliveryId: response.json<ChannelTestResult>().deliveryId, alarms: [] });
    const log = (await call('GET', `/notifications?channelId=${channel.id}`)).json<Delivery[]>();
    expect(log[0]).toMatchObject({ kind: 'test', status: 'sent', attempts: 1, channelName: 'Signed hook' });
  });

  it('answers the error a receiver gave, and does not follow a redirect', async () => {
    const channel = (await call('POST', '/notification-channels', webhook('Failing hook'))).json<Channel>();
    hook.answer = 404;
    const notFound = (await call('POST', `/notification-channels/${channel.id}/test`)).json<ChannelTestResult>();
    hook.answer = 302;
    const redirected = (await call('POST', `/notification-channels/${channel.id}/test`)).json<ChannelTestResult>();
    hook.answer = 200;
    expect(notFound).toMatchObject({ status: 'failed', error: 'HTTP 404: receiver says no' });
    expect(redirected.status).toBe('failed');
    expect(redirected.error).toContain('redirects are not followed');
  });

  it('e-mails the addresses and the users named, with the delivery id as Message-ID; an SMTP 550 fails', async () => {
    const user = await t.createUser({ username: 'lead', password: 'lead-password', roleName: 'Operator' });
    await t.app.db.updateTable('users').set({ email: 'lead@plant.test' }).where('id', '=', user.userId).execute();
    const created = await call('POST', '/notification-channels', {
      name: 'Shift lead e-mail',
      type: 'email',
      settings: { to: ['manager@plant.test'], userIds: [user.userId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json<Channel>();
    const result = (await call('POST', `/notification-channels/${channel.id}/test`)).json<ChannelTestResult>();
    expect(result).toMatchObject({ status: 'sent', error: null });
    const mail = (await smtp.received(1)).at(-1)!;
    expect(mail.to.sort()).toEqual(['lead@plant.test', 'manager@plant.test']);
    expect(mail.raw).toContain(`Message-ID: <bpm-delivery-${result.deliveryId}@plant.test>`);
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('BPM test message to Shift lead e-mail');

    smtp.refuse.add('manager@plant.test').add('lead@plant.test');
    const refused = (await call('POST', `/notification-channels/${channel.id}/test`)).json<ChannelTestResult>();
    expect(refused.status).toBe('failed');
    expect(refused.error).toContain('550');

    // One of two refused: the other got it, so it is sent, and the log names who did not.
    smtp.refuse.delete('manager@plant.test');
    const partly = (await call('POST', `/notification-channels/${channel.id}/test`)).json<ChannelTestResult>();
    smtp.refuse.clear();
    expect(partly.status).toBe('sent');
    expect(partly.error).toMatch(/^SMTP refused 1 of 2 recipients: lead@plant\.test \(550/);
  });
});
