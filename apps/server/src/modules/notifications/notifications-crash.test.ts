// docs/notifications.md "Delivery": the real server as a child process, with messages pending because their
// receiver is down, is killed with SIGKILL; the receiver comes up, the server restarts on the same data, and
// every pending message arrives, none lost, each with its delivery id. The built server (npx tsc -b) starts faster.
import type { Channel, Delivery } from '@bpm/protocol';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, startTestServer } from '../../../../../e2e/server';
import { killHard, signIn } from '../../testing/child-server.js';
import { tempDataDir } from '../../testing/temp-storage.js';
import { criticalReport, until } from './alarm-report.testing.js';
import { startWebhookReceiver } from './receivers.testing.js';

describe('kill -9 with notifications pending', () => {
  it('delivers every pending message after the restart', async () => {
    const dataDir = tempDataDir('bpm-notif-crash-');
    const receiverPort = await freePort(); // nobody listens there yet: every attempt is refused
    const first = await startTestServer({ BPM_DATA_DIR: dataDir }, { built: true });
    const headers = await signIn(first);
    const post = (url: string, body: object) =>
      fetch(`${first.url}/api${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const channel = (await (
      await post('/notification-channels', {
        name: 'Down hook',
        type: 'webhook',
        settings: { url: `http://127.0.0.1:${receiverPort}/hook`, format: 'json' },
      })
    ).json()) as Channel;
    await post('/notification-rules', {
      name: 'All',
      match: { eventTypes: ['Critical'], events: [11] },
      steps: [{ afterMinutes: 0, channelIds: [channel.id] }],
      groupSeconds: 0,
    });
    expect((await post('/probes/reports', ['K-1', 'K-2', 'K-3', 'K-4', 'K-5'].map(criticalReport))).status).toBe(202);
    const pending = await until(
      async () =>
        (await (await fetch(`${first.url}/api/notifications?channelId=${channel.id}`, { headers })).json()) as Delivery[],
      (log) => log.length === 5 && log.every((d) => d.status === 'pending' && d.attempts >= 1),
    );

    await killHard(first);

    const receiver = await startWebhookReceiver(receiverPort);
    const second = await startTestServer({ BPM_DATA_DIR: dataDir }, { port: first.port, built: true });
    try {
      const requests = await receiver.received(5);
      expect(requests.map((r) => Number(r.headers['x-bpm-delivery'])).sort()).toEqual(pending.map((d) => d.id).sort());
      const probes = requests.flatMap((r) => (r.json.alarms as Array<{ probeID: string }>).map((a) => a.probeID));
      expect(probes.sort()).toEqual(['K-1', 'K-2', 'K-3', 'K-4', 'K-5']);
    } finally {
      await second.stop();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
