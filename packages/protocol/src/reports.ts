// Probe reports as gateways send them (docs/probe-data.md (Reports)).
import { z } from 'zod';
import { refuseHiddenCharacters } from './text.js';

export const temperatureOrigins = ['CAN', 'Thermocouple'] as const;
export const temperatureOriginSchema = z.enum(temperatureOrigins);
export type TemperatureOrigin = z.infer<typeof temperatureOriginSchema>;

export const readingSchema = z.strictObject({
  origin: temperatureOriginSchema,
  temperature: z.number().finite(),
  valid: z.boolean(),
});
export type Reading = z.infer<typeof readingSchema>;

/** A stage, AGV or pack as answers carry it: names stored before the rule below are still answered. */
export const namedRefSchema = z.strictObject({
  id: z.number().int(),
  name: z.string().max(200),
});
/** As reports and assignments send it: shown on every dashboard and in the CSVs, so no hidden characters (docs/probe-data.md#reports). */
const namedRefInputSchema = namedRefSchema.extend({
  name: namedRefSchema.shape.name.superRefine(refuseHiddenCharacters('Name')),
});
export type NamedRef = z.infer<typeof namedRefSchema>;

export const assignmentSchema = z.strictObject({
  buildStage: namedRefInputSchema.nullable().default(null),
  agv: namedRefInputSchema.nullable().default(null),
  batteryPack: namedRefInputSchema.nullable().default(null),
  expectingCANData: z.boolean().default(true),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export type AssignmentInput = z.input<typeof assignmentSchema>;

export const probeIdSchema = z
  .string()
  .min(1, 'probeID must have 1 to 64 characters')
  .max(64, 'probeID must have 1 to 64 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'probeID may contain only letters, digits, ".", "_" and "-"')
  // "." and ".." would be path segments in /probes/{id}: an ID needs at least one letter or digit.
  .regex(/[A-Za-z0-9]/, 'probeID must contain at least one letter or digit');

export const probeReportSchema = z.strictObject({
  probeID: probeIdSchema,
  firmwareVersion: z.string().max(64).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  readings: z.array(readingSchema).max(8).default([]),
  batteryPercentage: z.number().finite().min(0).max(100).optional(),
  batteryCharging: z.boolean().optional(),
  latitude: z.number().finite().min(-90).max(90).optional(),
  longitude: z.number().finite().min(-180).max(180).optional(),
  /** Absent keeps the current assignment; null clears it. */
  assignment: assignmentSchema.nullable().optional(),
});
export type ProbeReport = z.infer<typeof probeReportSchema>;
export type ProbeReportInput = z.input<typeof probeReportSchema>;

export const maxReportsPerBatch = 1000;
export const probeReportListSchema = z
  .array(probeReportSchema)
  .min(1, 'A batch needs at least one report')
  .max(maxReportsPerBatch, `A batch holds at most ${maxReportsPerBatch} reports`);
/**
 * One report or an array of them, always parsed as an array: a single report is a batch of one, so
 * every problem is named by index and field ("3.readings.0.temperature"; "0.probeID" for a single one).
 * (A union would hide the array's per-item problems behind one "invalid input" at the root.)
 */
export const probeReportBatchSchema = z.preprocess((value) => (Array.isArray(value) ? value : [value]), probeReportListSchema);

export const ingestResultSchema = z.object({ accepted: z.number().int(), ignored: z.number().int() });
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** PUT /probes/{id}/assignment: an assignment, or null to clear it. */
export const assignmentUpdateSchema = assignmentSchema.nullable();
