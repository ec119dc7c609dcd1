// docs/notifications.md "Delivery", PostgreSQL project only: in cluster mode only the engine instance sends, and
// the instance that takes the engine over sends what its predecessor left pending (due at once at its start).
import type { Channel, Delivery } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../e2e/server';
import { tempDataDir } from '../../testing/temp-storage.js';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../../testing/throwaway-redis.js';
import { criticalReport, until } from './alarm-report.testing.js';
import { startWebhookReceiver } from './receivers.testing.js';

let redis: ThrowawayRedis;
const dataDir = tempDataDir('bpm-notif-failover-');
beforeAll(async () => {
  redis = await startThrowawayRedis();
});
afterAll(() => {
  redis?.stop();
});

describe('notifications when the engine moves', () => {
  it('the successor sends what the predecessor left pending', async () => {
    const port = await freePort(); // the receiver is down at first
    const holder = await createTestApp({ dataDir });
    let holderOpen = true;
    let member: TestApp | undefined;
    const receiver = { current: undefined as Awaited<ReturnType<typeof startWebhookReceiver>> | undefined };
    try {
      const headers = withCookie(await holder.loginAsAdmin());
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        holder.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
      const channel = (
        await call('POST', '/notification-channels', {
          name: 'Failover hook',
          type: 'webhook',
          settings: { url: `http://127.0.0.1:${port}/hook`, format: 'json' },
        })
      ).json<Channel>();
      await call('POST', '/notification-rules', {
        name: 'All',
        match: { eventTypes: ['Critical'], events: [11] },
        steps: [{ afterMinutes: 0, channelIds: [channel.id] }],
        groupSeconds: 0,
      });
      expect((await call('POST', '/probes/reports', ['F-1', 'F-2', 'F-3'].map(criticalReport))).statusCode).toBe(202);
      const pending = await until(
        async () => (await call('GET', `/notifications?channelId=${channel.id}`)).json<Delivery[]>(),
        (log) => log.length === 3 && log.every((d) => d.status === 'pending' && d.attempts >= 1),
      );

      member = await createTestApp({ dataDir, databaseUrl: holder.config.databaseUrl, redisUrl: redis.url });
      await holder.close();
      holderOpen = false;
      // Up only once the predecessor is gone: whatever arrives, the successor sent.
      receiver.current = await startWebhookReceiver(port);
      const requests = await receiver.current.received(3);
      expect(requests.map((r) => Number(r.headers['x-bpm-delivery'])).sort()).toEqual(pending.map((d) => d.id).sort());
      const memberHeaders = withCookie(await member.loginAsAdmin());
      const log = (
        await member.app.inject({ method: 'GET', url: `/api/notifications?channelId=${channel.id}`, headers: memberHeaders })
      ).json<Delivery[]>();
      expect(log.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await member?.close();
      if (holderOpen) await holder.close();
      await receiver.current?.close();
    }
  });
});
