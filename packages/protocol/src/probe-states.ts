// A probe's state names (docs/probe-data.md (Probe state)), without zod: the compact decoder in the web
// client's live worker needs them and nothing of the schemas.
export const stateStrings = ['Disabled', 'Normal', 'Warning', 'Critical'] as const;
export type StateString = (typeof stateStrings)[number];
