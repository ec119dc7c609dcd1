// Probe and message builders for unit tests of the live store and the dashboard (not used by the app).
import {
  defaultSystemInfo,
  makeProbeEvent,
  stateNumbers,
  type LiveMessage,
  type Probe,
  type ProbeEvent,
  type Reading,
  type StateString,
} from '@bpm/protocol';

export interface ProbeOverrides extends Partial<Omit<Probe, 'state'>> {
  stateString?: string;
  internal?: { temperature: number; valid: boolean } | null;
  external?: { temperature: number; valid: boolean } | null;
}

export function makeProbe(probeID: string, overrides: ProbeOverrides = {}): Probe {
  const {
    stateString = 'Normal',
    internal = { temperature: 30, valid: true },
    external = { temperature: 28, valid: true },
    ...rest
  } = overrides;
  const readings: Reading[] = [];
  if (internal) readings.push({ origin: 'CAN', ...internal });
  if (external) readings.push({ origin: 'Thermocouple', ...external });
  return {
    probeID,
    firmwareVersion: '2.4.1',
    state: { state: stateNumbers[stateString as StateString] ?? 9, stateString },
    watchdogExpiry: '2026-11-23T10:00:10.000Z',
    isMonitoring: true,
    expectingCANData: true,
    assignment: {
      buildStage: { id: 3, name: 'Busbar welding' },
      agv: { id: 12, name: 'AGV-12' },
      batteryPack: { id: 2291, name: 'Pack 2291' },
    },
    report: { timestamp: '2026-11-23T10:00:00.000Z', readings },
    batteryPercentage: 83.5,
    batteryCharging: false,
    longitude: null,
    latitude: null,
    events: [],
    suppressedEvents: [],
    ...rest,
  };
}

export const event = (code: number, params?: Record<string, string | number>): ProbeEvent => makeProbeEvent(code, params);

export const probeData = (...probes: Probe[]): LiveMessage => ({ messageType: 'probeData', probes });
export const probeDeletion = (...probeIDs: string[]): LiveMessage => ({
  messageType: 'probeDeletion',
  probes: probeIDs.map((probeID) => ({ probeID })),
});
export const systemConfig = (timeoutSeconds = 10): LiveMessage => ({
  messageType: 'systemConfig',
  systemInfo: { ...defaultSystemInfo, timeoutSeconds },
});
