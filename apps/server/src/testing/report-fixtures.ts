// Report pieces the engine and alarm-tracker tests share: a probe at a monitored stage (CAN data expected)
// and its two readings.
import type { Assignment, Reading } from '@bpm/protocol';

export const monitored: Assignment = {
  buildStage: { id: 3, name: 'Busbar welding' },
  agv: { id: 12, name: 'AGV-12' },
  batteryPack: { id: 2291, name: 'Pack 2291' },
  expectingCANData: true,
};

/** The CAN (internal) and thermocouple (external) readings of a report. */
export const readings = (can: number, tc: number, canValid = true, tcValid = true): Reading[] => [
  { origin: 'CAN', temperature: can, valid: canValid },
  { origin: 'Thermocouple', temperature: tc, valid: tcValid },
];
