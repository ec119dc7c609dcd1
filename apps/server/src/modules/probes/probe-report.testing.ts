// A probe report for the probe API tests: a probe at a monitored stage with two valid readings.
import type { ProbeReportInput } from '@bpm/protocol';

export const assignment = {
  buildStage: { id: 3, name: 'Busbar welding' },
  agv: { id: 12, name: 'AGV-12' },
  batteryPack: { id: 2291, name: 'Pack 2291' },
  expectingCANData: true,
};
export const report = (probeID: string, extra: Partial<ProbeReportInput> = {}): ProbeReportInput => ({
  probeID,
  firmwareVersion: '2.4.1',
  readings: [
    { origin: 'CAN', temperature: 31.4, valid: true },
    { origin: 'Thermocouple', temperature: 29.8, valid: true },
  ],
  batteryPercentage: 83.5,
  batteryCharging: false,
  assignment,
  ...extra,
});
