// A restart is one system alarm, not a flood (docs/alarms.md "System alarm"): the probes whose watchdog expired
// while the server was down are held for one timeoutSeconds and the time to receive their first reports; those
// that report by then raise nothing, those still silent alarm as usual.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Alarm, JournalEntry } from '@bpm/protocol';
import { adminContext, signInAs } from './fixtures';
import { startTestServer, type RunningServer } from './server';
import { ingest, probeReport } from './probe-reports';

let server: RunningServer;

test.beforeEach(async () => {
  server = await startTestServer();
});

test.afterEach(async () => {
  await server.stop();
});

const probeIDs = Array.from({ length: 200 }, (_, i) => `gap-${String(i).padStart(3, '0')}`);
const stillSilent = probeIDs.slice(0, 5);
const timeoutSeconds = 5;
const reportingAgain = probeIDs.slice(5);

test('a restart after the probes went unwatched raises one system alarm, and only the still-silent probes alarm', async ({
  page,
  playwright,
}) => {
  test.setTimeout(150_000);
  let api = await adminContext(playwright, server);
  // A 5 s watchdog, not the default 10 s: the gap and the hold scale with it (10 s less waiting), and the gateways
  // below report every second, well within it (docs/decisions/testing.md (Suite budget)).
  expect((await api.put('system/config', { data: { timeoutSeconds } })).ok()).toBeTruthy();
  await ingest(
    api,
    probeIDs.map((id) => probeReport(id)),
  );
  await api.dispose();

  const { port, dataDir } = server;
  await server.stop({ keepData: true });
  // Down for longer than the watchdog's timeout: every probe's expiry passes while nobody monitors.
  await new Promise((r) => setTimeout(r, (timeoutSeconds + 1) * 1000));
  server = await startTestServer({}, { port, dataDir });
  api = await adminContext(playwright, server);
  // Silent, then reporting again as gateways do once the server answers: every second from now on.
  const report = () =>
    ingest(
      api,
      reportingAgain.map((id) => probeReport(id)),
    );
  await report();
  const reporting = setInterval(() => void report().catch(() => {}), 1000);
  try {
    const message = await expectOneSystemAlarm(api);
    await expectSeenOnTheAlarmsPage(page, message);
  } finally {
    clearInterval(reporting);
    await api.dispose();
  }
});

async function expectOneSystemAlarm(api: APIRequestContext): Promise<string> {
  const alarms = async () => (await (await api.get('alarms?limit=1000')).json()) as Alarm[];
  // After the hold, the probes still silent alarm as usual, and only they.
  await expect
    .poll(
      async () =>
        (await alarms())
          .filter((a) => a.event === 0)
          .map((a) => a.probeID)
          .sort(),
      { timeout: 40_000 },
    )
    .toEqual(stillSilent);
  const all = await alarms();
  expect(all).toHaveLength(stillSilent.length + 1);
  const system = all.filter((a) => a.probeID === '');
  expect(system).toHaveLength(1);
  const { raisedMessage, state, eventType } = system[0]!;
  expect(raisedMessage).toMatch(/^BPM was not monitoring from \d{2}:\d{2}:\d{2} to \d{2}:\d{2}:\d{2}$/);
  expect({ state, eventType }).toEqual({ state: 'returned', eventType: 'Critical' });

  // The journal says it once too: no entry for the probes that reported within the hold.
  const journal = (await (await api.get('journal?limit=1000')).json()) as JournalEntry[];
  expect(journal.filter((e) => e.probeID === '').map((e) => e.eventString)).toEqual([raisedMessage]);
  expect(journal.filter((e) => e.event === 1)).toHaveLength(0);
  expect(
    journal
      .filter((e) => e.event === 0)
      .map((e) => e.probeID)
      .sort(),
  ).toEqual(stillSilent);
  return raisedMessage;
}

/** The operator sees it among the open alarms, named as BPM's own. */
async function expectSeenOnTheAlarmsPage(page: Page, message: string) {
  await signInAs(page, server, 'admin', server.adminPassword, `${server.url}/alarms`);
  const row = page.getByRole('row').filter({ hasText: message });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'BPM', exact: true })).toBeVisible();
}
