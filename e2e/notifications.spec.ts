// Notifications end to end (docs/notifications.md, docs/screens.md (Notifications)): a webhook channel added on the
// page to an HTTP server the test starts, Send test reaching it, a rule, and a Critical alarm from an ingested
// report shown as sent in the Delivery log and as "Notified: …" on the Alarms page. One shared server; the channel
// and rule are removed afterwards, since the worker's other spec files share it.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminContext, expect, signInAsAdmin, test } from './fixtures';
import { canReport, ingest, ownProbesOnSharedServer } from './probe-reports';

test.describe.configure({ mode: 'serial' });
ownProbesOnSharedServer('before the first test');

interface Received {
  headers: IncomingHttpHeaders;
  json: { kind?: string; alarms?: { id: number; probeID: string }[] };
}
const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';
const channelName = 'e2e night hook';
const ruleName = 'e2e critical packs';

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['json'] });
      res.writeHead(200).end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

test.afterAll(async ({ playwright, server }) => {
  const api = await adminContext(playwright, server);
  for (const [path, name] of [
    ['notification-rules', ruleName],
    ['notification-channels', channelName],
  ] as const) {
    const items = (await (await api.get(path)).json()) as { id: number; name: string }[];
    for (const item of items.filter((i) => i.name === name)) await api.delete(`${path}/${item.id}`);
  }
  await api.dispose();
  receiver.closeAllConnections();
  receiver.close();
});

test('a webhook channel added on the page gets the Send test message', async ({ page, server }) => {
  await signInAsAdmin(page, server, '/notifications');
  await page.getByRole('button', { name: 'Add channel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add channel' });
  await dialog.getByLabel('Name').fill(channelName);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Webhook' }).click();
  await dialog.getByLabel('URL').fill(receiverUrl);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: `Channel ${channelName}` });
  await expect(card.getByText(`${receiverUrl} · JSON (BPM)`)).toBeVisible();
  await card.getByRole('button', { name: `Send test to ${channelName}` }).click();
  await expect(card.getByRole('status')).toHaveText('Test message sent');
  expect(received.at(-1)?.json.kind).toBe('test');
  expect(received.at(-1)?.headers['x-bpm-delivery']).toBeTruthy();
});

test('a rule sends a Critical alarm: sent in the Delivery log, "Notified" on the Alarms page', async ({
  page,
  server,
  adminApi,
}) => {
  await signInAsAdmin(page, server, '/notifications?tab=rules');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByLabel('Name').fill(ruleName);
  await dialog.getByLabel('Step 1: channels').fill(channelName);
  await page.getByRole('option', { name: channelName }).click();
  // No grouping wait: the message goes out as soon as the alarm is raised.
  await dialog.getByLabel('Group alarms within (seconds)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const rule = page.getByRole('region', { name: `Rule ${ruleName}` });
  await expect(rule.getByText('Step 1: at once')).toBeVisible();
  await expect(rule.getByText(channelName)).toBeVisible();

  await ingest(adminApi, [canReport('nt-hot', 62)]);
  await page.getByRole('tab', { name: 'Delivery log' }).click();
  const row = page
    .getByRole('table', { name: 'Delivery log' })
    .getByRole('row')
    .filter({ hasText: `${ruleName}: step 1` });
  // Refreshed by itself: no reload.
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row).toContainText(channelName);
  await expect.poll(() => received.some((r) => r.json.kind === 'alarm' && r.json.alarms?.[0]?.probeID === 'nt-hot')).toBe(true);

  await page.goto('/alarms');
  await expect(page.getByText(new RegExp(`^Notified: ${channelName} \\d\\d:\\d\\d$`))).toBeVisible();

  // The message's link opens the alarm's details, with each message sent about it.
  const alarmId = received.find((r) => r.json.kind === 'alarm')!.json.alarms![0]!.id;
  await page.goto(`/alarms?alarm=${alarmId}`);
  const details = page.getByRole('region', { name: `Alarm ${alarmId}` });
  await expect(details.getByText(`Step 1 to ${channelName}: sent`, { exact: false })).toBeVisible();
});
