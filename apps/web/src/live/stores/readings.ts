// A probe's CAN (internal) and thermocouple (external) data items, derived from report.readings (docs/data-model.md (Probe)).
import type { Probe, TemperatureOrigin } from '@bpm/protocol';

export interface TemperatureData {
  valid: boolean;
  /** null when the report carries no reading of this origin. */
  temperature: number | null;
}

function dataFor(probe: Probe, origin: TemperatureOrigin): TemperatureData {
  const readings = probe.report?.readings ?? [];
  // A valid reading wins over an invalid one of the same origin (a report may carry several).
  let found: TemperatureData = { valid: false, temperature: null };
  for (const reading of readings) {
    if (reading.origin !== origin) continue;
    if (reading.valid) return { valid: true, temperature: reading.temperature };
    found = { valid: false, temperature: reading.temperature };
  }
  return found;
}

export const canData = (probe: Probe): TemperatureData => dataFor(probe, 'CAN');
export const thermocoupleData = (probe: Probe): TemperatureData => dataFor(probe, 'Thermocouple');

/** docs/probe-data.md (Probe connection): connected when CAN data AND thermocouple data are valid. */
export const isProbeConnected = (probe: Probe): boolean => canData(probe).valid && thermocoupleData(probe).valid;
