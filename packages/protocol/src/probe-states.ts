// A probe's state names (docs/probe-data.md (Probe state)), without zod: the compact decoder (live-compact.ts)
// needs them and nothing of the schemas.
export const stateStrings = ['Disabled', 'Normal', 'Warning', 'Critical'] as const;
export type StateString = (typeof stateStrings)[number];
