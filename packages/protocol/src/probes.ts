// A probe's state as the server publishes it (docs/data-model.md (Probe); docs/probe-data.md (Probe state)).
import { z } from 'zod';
import { probeEventSchema } from './events.js';
import { type StateString } from './probe-states.js';
import { namedRefSchema, probeIdSchema, readingSchema } from './reports.js';

export { stateStrings, type StateString } from './probe-states.js';

/** state.state numbers: Disabled 0, Normal 1, Warning 2, Critical 3, so Status descending puts Critical first. */
export const stateNumbers: Record<StateString, number> = { Disabled: 0, Normal: 1, Warning: 2, Critical: 3 };

export const probeStateValueSchema = z.object({ state: z.number().int(), stateString: z.string() });

export const probeAssignmentSchema = z.object({
  buildStage: namedRefSchema.nullable(),
  agv: namedRefSchema.nullable(),
  batteryPack: namedRefSchema.nullable(),
});

export const probeSchema = z.object({
  probeID: z.string(),
  firmwareVersion: z.string(),
  state: probeStateValueSchema,
  /** ISO 8601: last report + timeoutSeconds. */
  watchdogExpiry: z.string(),
  isMonitoring: z.boolean(),
  expectingCANData: z.boolean(),
  assignment: probeAssignmentSchema,
  report: z.object({ timestamp: z.string(), readings: z.array(readingSchema) }).nullable(),
  batteryPercentage: z.number(),
  batteryCharging: z.boolean(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  events: z.array(probeEventSchema),
  suppressedEvents: z.array(probeEventSchema),
});
export type Probe = z.infer<typeof probeSchema>;
export type ProbeAssignment = z.infer<typeof probeAssignmentSchema>;

/** Path parameters of /probes/{id}…: the probe's ID. */
export const probeIdParamsSchema = z.object({ id: probeIdSchema });
