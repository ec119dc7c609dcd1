// One alarm flood per hour at one build stage (docs/alarms.md): a coolant failure heats every pack at
// that stage for a minute and a half, so the Alarms page shows a flood window (more than 10 new
// alarms in 10 minutes) soon after a plant starts, and then every hour. Deterministic: no randomness.
export const floodFirstAfterMs = 2 * 60_000;
export const floodEveryMs = 60 * 60_000;
export const floodLastsMs = 90_000;
/** Stages where packs carry a BMS and a coolant circuit: Busbar welding, Pack sealing, End-of-line test. */
const floodStageIds = [3, 4, 5] as const;

/** The id of the stage flooding at nowMs, or null. */
export function floodStageAt(startMs: number, nowMs: number): number | null {
  const elapsed = nowMs - startMs - floodFirstAfterMs;
  if (elapsed < 0 || elapsed % floodEveryMs >= floodLastsMs) return null;
  const hour = Math.floor(elapsed / floodEveryMs);
  return floodStageIds[hour % floodStageIds.length]!;
}
