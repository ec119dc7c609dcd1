// A probe's report as a test or a bench sends it: a healthy assigned probe, overridable. No Playwright here, so the
// benches (plain Node) can build the same reports as the specs.
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
