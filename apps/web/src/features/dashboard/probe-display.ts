// Pure display rules of docs/probe-data.md (How the client shows a probe): state icons, temperatures, battery colour and icon, formats for the details modal.
import type { SystemInfo } from '@bpm/protocol';
import type { IconName } from '../../components/ui/icon';
import type { TemperatureData } from '../../live/stores/readings';

export interface IconSpec {
  icon: IconName;
  /** A Mantine colour name, or undefined for the default text colour. */
  colour?: string;
  label: string;
}

/** Status icon per stateString (docs/probe-data.md (Probe state)); Warning and Critical filled, so they stand out (docs/operator-screen.md). */
export function stateIcon(stateString: string): IconSpec {
  switch (stateString) {
    case 'Normal':
      // Colour only for the abnormal (ISA-101): a Normal probe's tick keeps the text colour.
      return { icon: 'check', label: 'Normal' };
    case 'Warning':
      return { icon: 'warning-fill', colour: 'orange', label: 'Warning' };
    case 'Critical':
      return { icon: 'error-fill', colour: 'red', label: 'Critical' };
    case 'Disabled':
      return { icon: 'error', colour: 'gray', label: 'Disabled' };
    default:
      return { icon: 'help', colour: 'gray', label: 'Unknown' };
  }
}

export type TemperatureDisplay =
  { kind: 'current'; temperature: number } | { kind: 'lastValid'; temperature: number } | { kind: 'none' };

/** docs/probe-data.md (Temperature display): the valid reading, else the last valid one (with a warning icon), else N/A. */
export function temperatureDisplay(current: TemperatureData, lastValid: number | null): TemperatureDisplay {
  if (current.valid && current.temperature !== null) return { kind: 'current', temperature: current.temperature };
  if (lastValid !== null) return { kind: 'lastValid', temperature: lastValid };
  return { kind: 'none' };
}

export const formatTemperature = (temperature: number): string => `${temperature.toFixed(1)} °C`;

export type BatteryColour = 'green' | 'red' | 'orange' | undefined;

/** docs/probe-data.md (Battery icon): charging green, at or below panic red, at or below warning amber, else default. */
export function batteryColour(
  percentage: number,
  isCharging: boolean,
  systemInfo: Pick<SystemInfo, 'batteryLevelWarning' | 'batteryLevelPanic'> | null,
): BatteryColour {
  if (isCharging) return 'green';
  if (!systemInfo) return undefined;
  if (percentage <= systemInfo.batteryLevelPanic) return 'red';
  if (percentage <= systemInfo.batteryLevelWarning) return 'orange';
  return undefined;
}

/** The percentage shown, rounded down. */
export const batteryPercentText = (percentage: number): string => `${Math.floor(percentage)}%`;

/** Material Symbols battery glyph for a level; charging uses the glyph with the bolt. */
export function batteryIcon(percentage: number, isCharging: boolean): IconName {
  if (isCharging) return 'battery_charging_full';
  if (percentage >= 95) return 'battery_full';
  const bars = Math.max(0, Math.min(6, Math.floor(percentage / (100 / 7))));
  return `battery_${bars as 0 | 1 | 2 | 3 | 4 | 5 | 6}_bar`;
}

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
