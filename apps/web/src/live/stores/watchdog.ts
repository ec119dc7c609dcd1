// The client's per-probe watchdog (docs/probe-data.md (Client watchdog)), derived from the shared clock instead of stored per probe:
// timeRemaining = timeout − 0.1 s per tick since the last reset, so one tick costs O(1), not O(probes).

export interface WatchdogStatus {
  timeoutSeconds: number;
  /** Seconds, one decimal; 0 once expired. */
  timeRemaining: number;
  alerted: boolean;
}

export function watchdogOf(timeoutSeconds: number, resetTick: number, alertedByEvent: boolean, tick: number): WatchdogStatus {
  // Whole tenths avoid 0.1 drift: 50 ticks of a 5 s timeout land exactly on 0.
  const remainingTenths = Math.max(0, Math.round(timeoutSeconds * 10) - (tick - resetTick));
  const timeRemaining = remainingTenths / 10;
  return { timeoutSeconds, timeRemaining, alerted: alertedByEvent || remainingTenths === 0 };
}

/**
 * The ring's arc moves in steps of 1/50 of the ring (1.5 px): at a 10 s timeout every other tick, not every one. Each
 * move repaints the whole row, and the rings' moves were most of the table's repaints
 * (docs/decisions/dashboard.md#watchdog-arc-in-steps). Rounded up: the ring is empty only once alerted.
 */
export const watchdogArcSteps = 50;

/** The share of the ring the arc draws: what is left of the timeout in whole steps, or all of it once alerted. */
export function watchdogArcShare(status: WatchdogStatus): number {
  if (status.alerted) return 1;
  return Math.ceil((1 - watchdogElapsedShare(status)) * watchdogArcSteps - 1e-9) / watchdogArcSteps;
}

/** Share of the timeout already elapsed, 0–1. */
export function watchdogElapsedShare({ timeoutSeconds, timeRemaining }: WatchdogStatus): number {
  if (timeoutSeconds <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - timeRemaining / timeoutSeconds));
}

const amber = [250, 176, 5] as const; // Mantine yellow.6
const red = [250, 82, 82] as const; // Mantine red.6
/** docs/data-model.md (Probes and watchdog constants): the colour switches at 66 % elapsed. */
export const watchdogColourSwitch = 0.66;

const mix = (a: readonly number[], b: readonly number[], t: number) =>
  `rgb(${a.map((v, i) => Math.round(v + (b[i]! - v) * t)).join(', ')})`;
const greyColour = 'rgb(134, 142, 150)'; // Mantine gray.6
const redColour = mix(red, red, 0);

/**
 * Ring colour: grey up to 66 % elapsed (a probe reporting on time is normal, and normal has no colour: ISA-101,
 * docs/operator-screen.md), then amber to red; red once alerted.
 */
export function watchdogRingColour(status: WatchdogStatus): string {
  if (status.alerted) return redColour;
  const elapsed = watchdogElapsedShare(status);
  if (elapsed <= watchdogColourSwitch) return greyColour;
  return mix(amber, red, (elapsed - watchdogColourSwitch) / (1 - watchdogColourSwitch));
}
