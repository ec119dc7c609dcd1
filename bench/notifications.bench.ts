// Notifications benchmark (docs/notifications.md, issue 36), the real app in process and a real webhook receiver:
// 1. alarm raised → webhook received, p99, one Critical alarm a second (target ≤ 2 s);
// 2. a flood of 1,000 Critical alarms in 10 s, one rule with groupSeconds 30 (target ≤ 5 messages per channel,
//    all 1,000 alarms named or counted);
// 3. a receiver down for 5 min (simulated on the notifications' clock) with 200 messages pending: how long after
//    it is back until all are delivered (target ≤ 30 s); and, while they wait (the sender retrying), probe-report
//    ingest throughput against a second app without notification rules or channels, windows alternated A B A B…
//    so a noisy machine hits both alike (target: median ≥ 95 % of the one without).
// Run: node --import tsx bench/notifications.bench.ts   (env: BENCH_NOTIF_SECONDS, default 60)
import type { Channel, Rule } from '@bpm/protocol';
import { loadConfig } from '../apps/server/src/config';
import { criticalReport } from '../apps/server/src/modules/notifications/alarm-report.testing';
import { startWebhookReceiver, type WebhookReceiver } from '../apps/server/src/modules/notifications/receivers.testing';
import { createTestApp, withCookie } from '../apps/server/src/testing/test-app';
import { freePort } from '../e2e/server';
import { percentile, sum, verdict } from './figures';
import { ingestBatch, ingestBatchSize, ingestRate } from './ingest-rate';

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_NOTIF_SECONDS ?? 60);
  let offsetMs = 0;
  const base = loadConfig({});
  const t = await createTestApp({ notifications: { ...base.notifications, clock: () => Date.now() + offsetMs } });
  const headers = withCookie(await t.loginAsAdmin());
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<T> => {
    const r = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return (r.body === '' ? undefined : r.json()) as T;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const send = (ids: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: ids.map(criticalReport) });

  async function scenario(name: string, url: string, groupSeconds: number): Promise<Rule> {
    const channel = await call<Channel>('POST', '/notification-channels', {
      name,
      type: 'webhook',
      settings: { url, format: 'json' },
    });
    return call<Rule>('POST', '/notification-rules', {
      name,
      match: { eventTypes: ['Critical'], events: [11] },
      steps: [{ afterMinutes: 0, channelIds: [channel.id] }],
      groupSeconds,
    });
  }
  // Ingest with the 200 waiting (B: this app, its notifications' clock run 20× fast so their retries come due)
  // against a plain app in the same process (A); each warmed up by one batch, so both only update known probes.
  async function ingestWhileWaiting(): Promise<void> {
    const plain = await createTestApp();
    const plainHeaders = withCookie(await plain.loginAsAdmin());
    const batch = ingestBatch('INGEST');
    await ingestRate(plain.app, plainHeaders, batch, 0);
    await ingestRate(t.app, headers, batch, 0);
    const outbox = () => call<Array<{ attempts: number }>>('GET', '/notifications?status=pending&limit=1000');
    const attemptsBefore = sum((await outbox()).map((m) => m.attempts));
    const windowMs = 3000;
    const without: number[] = [];
    const waiting: number[] = [];
    for (let round = 0; round < 3; round++) {
      without.push(await ingestRate(plain.app, plainHeaders, batch, windowMs));
      let measuring = true;
      const retrying = (async () => {
        while (measuring) {
          offsetMs += 5000;
          await t.app.notificationService.tick();
          await sleep(250);
        }
      })();
      waiting.push(await ingestRate(t.app, headers, batch, windowMs));
      measuring = false;
      await retrying;
    }
    await plain.close();
    const pending = await outbox();
    const retries = sum(pending.map((m) => m.attempts)) - attemptsBefore;
    const [a, b] = [percentile(without, 50), percentile(waiting, 50)];
    const ratio = (100 * b) / a;
    const rate = (v: number) => `${Math.round(v).toLocaleString('en')}`;
    console.log(
      `ingest while ${pending.length} messages wait for the down receiver (${retries} failed retries meanwhile): median ${rate(b)} reports/s vs ${rate(a)} without notifications (batches of ${ingestBatchSize}, ${without.length} alternating ${windowMs / 1000} s windows each: ${waiting.map(rate).join(', ')} vs ${without.map(rate).join(', ')}) = ${ratio.toFixed(1)} % (target ≥ 95 %: ${verdict(ratio >= 95, `${(95 - ratio).toFixed(1)} points`)})`,
    );
  }

  const probeIDs = (r: WebhookReceiver, from = 0) =>
    r.requests.slice(from).flatMap((q) => (q.json.alarms as Array<{ probeID: string }>).map((a) => a.probeID));

  // 1. Latency at one Critical alarm a second.
  {
    const receiver = await startWebhookReceiver();
    const rule = await scenario('Latency', receiver.url, 0);
    const sentAt = new Map<string, number>();
    const arrivedAt = new Map<string, number>();
    const seen = () => {
      for (const id of probeIDs(receiver)) if (!arrivedAt.has(id)) arrivedAt.set(id, Date.now());
    };
    for (let i = 0; i < seconds; i++) {
      const id = `LAT-${i}`;
      sentAt.set(id, Date.now());
      void send([id]);
      const until = Date.now() + 1000;
      while (Date.now() < until) {
        await sleep(10);
        seen();
      }
    }
    const deadline = Date.now() + 10_000;
    while (arrivedAt.size < sentAt.size && Date.now() < deadline) {
      await sleep(10);
      seen();
    }
    const latencies = [...sentAt].map(([id, at]) => (arrivedAt.get(id) ?? Number.POSITIVE_INFINITY) - at);
    const p99 = percentile(latencies, 99) / 1000;
    console.log(
      `alarm → webhook, p99 over ${seconds} alarms at 1/s: ${p99.toFixed(3)} s (target ≤ 2 s: ${verdict(p99 <= 2, `${(p99 - 2).toFixed(3)} s`)})`,
    );
    await call('DELETE', `/notification-rules/${rule.id}`);
    await receiver.close();
  }

  // Every rule applies to the alarms awaiting someone when it is made: the previous scenario's are acknowledged.
  const acknowledgeAll = async () => {
    const open = await call<Array<{ id: number }>>('GET', '/alarms?state=unacknowledged&eventType=Critical&event=11&limit=1000');
    if (open.length > 0) await call('POST', '/alarms/acknowledge', { ids: open.map((a) => a.id) });
  };
  await acknowledgeAll();

  // 2. A flood of 1,000 in 10 s, grouped.
  {
    const receiver = await startWebhookReceiver();
    const rule = await scenario('Flood', receiver.url, 30);
    for (let s = 0; s < 10; s++) {
      await send(Array.from({ length: 100 }, (_, i) => `FLOOD-${s * 100 + i}`));
      await sleep(1000);
    }
    const covered = () => receiver.requests.reduce((n, q) => n + (q.json.alarms as unknown[]).length + Number(q.json.more), 0);
    const deadline = Date.now() + 60_000;
    while (covered() < 1000 && Date.now() < deadline) await sleep(100);
    const messages = receiver.requests.length;
    console.log(
      `flood of 1,000 Critical in 10 s, groupSeconds 30: ${messages} messages covering ${covered()} alarms (target ≤ 5 messages, 1,000 alarms: ${verdict(messages <= 5 && covered() === 1000, `${messages} messages, ${covered()} alarms`)})`,
    );
    await call('DELETE', `/notification-rules/${rule.id}`);
    await receiver.close();
  }

  await acknowledgeAll();

  // 3. Receiver down for 5 simulated minutes with 200 pending.
  {
    const port = await freePort();
    const rule = await scenario('Down', `http://127.0.0.1:${port}/hook`, 0);
    await send(Array.from({ length: 200 }, (_, i) => `DOWN-${i}`));
    for (let s = 0; s < 300; s += 5) {
      offsetMs += 5000;
      await t.app.notificationService.tick();
    }
    await ingestWhileWaiting();
    const receiver = await startWebhookReceiver(port);
    const back = Date.now();
    const deadline = back + 120_000;
    while (new Set(probeIDs(receiver).filter((id) => id.startsWith('DOWN-'))).size < 200 && Date.now() < deadline)
      await sleep(50);
    const took = (Date.now() - back) / 1000;
    const delivered = new Set(probeIDs(receiver).filter((id) => id.startsWith('DOWN-'))).size;
    console.log(
      `receiver down 5 min with 200 pending: all ${delivered} delivered ${took.toFixed(1)} s after it was back (target ≤ 30 s: ${verdict(delivered === 200 && took <= 30, `${took.toFixed(1)} s, ${delivered} delivered`)})`,
    );
    await call('DELETE', `/notification-rules/${rule.id}`);
    await receiver.close();
  }
  await t.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
