// Probes for the specs that ingest their own: a healthy assigned probe's report, overridable, ingest through the API,
// and the hooks that give a spec file the worker's shared server to itself.
import { type APIRequestContext } from '@playwright/test';
import { defaultSystemInfo, type ProbeReportInput } from '@bpm/protocol';
import { adminContext, expect, test } from './fixtures';

import { probeReport } from './probe-report-data';

export { criticalReadings, probeReport } from './probe-report-data';

/** The usual assigned probe, its internal (CAN) temperature `can` °C (above 55 °C: an overheating alarm). */
export const canReport = (probeID: string, can: number) =>
  probeReport(probeID, {
    readings: [
      { origin: 'CAN', temperature: can, valid: true },
      { origin: 'Thermocouple', temperature: 30, valid: true },
    ],
  });

export async function ingest(api: APIRequestContext, reports: ProbeReportInput[]) {
  const response = await api.post('probes/reports', { data: reports });
  expect(response.status(), await response.text()).toBe(202);
}

export async function deleteAllProbes(api: APIRequestContext) {
  const probes = (await (await api.get('probes')).json()) as { probeID: string }[];
  for (const { probeID } of probes) expect((await api.delete(`probes/${probeID}`)).ok()).toBeTruthy();
}

/**
 * Hooks for a spec file that ingests its own probes on the worker's shared server. A long inactivity timeout keeps
 * the watchdog (event 0) out of short tests; the probes are cleared before each test, or once before the file's
 * first for a serial file whose tests build on each other; after its last test the file leaves the server as it
 * found it (no probes, the default timeout), since the worker's other spec files share it.
 */
export function ownProbesOnSharedServer(clear: 'before each test' | 'before the first test'): void {
  const prepare = async (api: APIRequestContext) => {
    expect((await api.put('system/config', { data: { timeoutSeconds: 3600 } })).ok()).toBeTruthy();
    await deleteAllProbes(api);
  };
  if (clear === 'before each test') test.beforeEach(async ({ adminApi }) => prepare(adminApi));
  else
    test.beforeAll(async ({ playwright, server }) => {
      const api = await adminContext(playwright, server);
      await prepare(api);
      await api.dispose();
    });
  test.afterAll(async ({ playwright, server }) => {
    const api = await adminContext(playwright, server);
    await deleteAllProbes(api);
    await api.put('system/config', { data: { timeoutSeconds: defaultSystemInfo.timeoutSeconds } });
    await api.dispose();
  });
}
