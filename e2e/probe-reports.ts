// Probe reports for the operator-screen specs: a healthy assigned probe, overridable, and ingest through the API.
import { expect, type APIRequestContext } from '@playwright/test';
import type { ProbeReportInput } from '@bpm/protocol';

export function probeReport(probeID: string, overrides: Partial<ProbeReportInput> = {}): ProbeReportInput {
  return {
    probeID,
    firmwareVersion: '2.4.1',
    readings: [
      { origin: 'CAN', temperature: 31.4, valid: true },
      { origin: 'Thermocouple', temperature: 29.8, valid: true },
    ],
    batteryPercentage: 83.5,
    batteryCharging: false,
    assignment: {
      buildStage: { id: 3, name: 'Busbar welding' },
      agv: { id: 12, name: 'AGV-12' },
      batteryPack: { id: 2291, name: 'Pack 2291' },
      expectingCANData: true,
    },
    ...overrides,
  };
}

/** Internal temperature above the default alarm threshold (55 °C): a Critical probe. */
export const criticalReadings: ProbeReportInput['readings'] = [
  { origin: 'CAN', temperature: 61.26, valid: true },
  { origin: 'Thermocouple', temperature: 30, valid: true },
];

export async function ingest(api: APIRequestContext, reports: ProbeReportInput[]) {
  const response = await api.post('probes/reports', { data: reports });
  expect(response.status(), await response.text()).toBe(202);
}

export async function deleteAllProbes(api: APIRequestContext) {
  const probes = (await (await api.get('probes')).json()) as { probeID: string }[];
  for (const { probeID } of probes) expect((await api.delete(`probes/${probeID}`)).ok()).toBeTruthy();
}
