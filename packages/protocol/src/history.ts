// Telemetry history and battery-pack traceability (docs/history.md): per-probe minute aggregates,
// a pack's journey through the build stages, pack search.
import { z } from 'zod';
import { namedRefSchema } from './reports.js';

/** Longest span one history request may cover. */
export const historyMaxSpanDays = 31;
/** Most points one probe history answer holds; longer spans merge minutes into wider buckets. */
export const historyMaxPoints = 2000;
/** History minutes count from here (buckets of merged minutes are aligned on it): 2020-01-01T00:00Z. */
export const historyEpochMs = Date.UTC(2020, 0, 1);
/** Most packs one search answers. */
export const packSearchLimit = 50;

export const temperatureStatsSchema = z.object({ min: z.number(), max: z.number(), mean: z.number() });
export type TemperatureStats = z.infer<typeof temperatureStatsSchema>;

export const historyPointSchema = z.object({
  /** ISO 8601 start of the bucket (a UTC minute, or a wider bucket for long spans). */
  t: z.string(),
  /** Valid internal (CAN) readings of the bucket; null when there were none. */
  internal: temperatureStatsSchema.nullable(),
  /** Valid external (thermocouple) readings of the bucket; null when there were none. */
  external: temperatureStatsSchema.nullable(),
  /** The bucket's last battery percentage; null when no report carried one. */
  battery: z.number().nullable(),
  /** Reports received in the bucket. */
  reports: z.number().int(),
  /** Assignment of the bucket's last report. */
  stageId: z.number().int().nullable(),
  packId: z.number().int().nullable(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const probeHistorySchema = z.object({
  probeID: z.string(),
  from: z.string(),
  to: z.string(),
  /** 60 for minute points; a whole number of minutes for merged buckets. */
  resolutionSeconds: z.number().int(),
  points: z.array(historyPointSchema),
});
export type ProbeHistory = z.infer<typeof probeHistorySchema>;

/** ?from=&to= (ISO 8601). Checked by the server so that each problem names its field. */
export const historyRangeQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});
export type HistoryRangeQuery = z.infer<typeof historyRangeQuerySchema>;

export const carriageSchema = z.object({
  probeID: z.string(),
  agv: namedRefSchema.nullable(),
  buildStage: namedRefSchema.nullable(),
  /** ISO 8601: start of the carriage's first minute and end of its last. */
  from: z.string(),
  to: z.string(),
  internal: temperatureStatsSchema.nullable(),
  external: temperatureStatsSchema.nullable(),
  /** Alarms raised on the probe during the carriage (docs/alarms.md). */
  alarms: z.array(z.number().int()),
});
export type Carriage = z.infer<typeof carriageSchema>;

/** Carriages in one answer of GET /packs/{packId}/history unless `limit` says fewer (docs/history.md). */
export const packHistoryPageDefault = 500;
export const packHistoryPageMax = 1000;

export const packHistorySchema = z.object({
  batteryPack: namedRefSchema,
  carriages: z.array(carriageSchema),
  /** Present when more carriages follow: pass it as `cursor` for the next page. */
  nextCursor: z.string().optional(),
});
export type PackHistory = z.infer<typeof packHistorySchema>;

export const packSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 8601: the last time a probe carrying it was recorded. */
  lastSeen: z.string(),
});
export type PackSummary = z.infer<typeof packSummarySchema>;

export const packSearchQuerySchema = z.object({ q: z.string().max(200).optional() });
export const packHistoryQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${packHistoryPageMax}` })
    .int(`limit must be a whole number from 1 to ${packHistoryPageMax}`)
    .min(1, `limit must be a whole number from 1 to ${packHistoryPageMax}`)
    .max(packHistoryPageMax, `limit must be a whole number from 1 to ${packHistoryPageMax}`)
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,10}\.\d{1,10}$/, 'cursor must be a nextCursor from a previous answer')
    .optional(),
});
export type PackHistoryQuery = z.infer<typeof packHistoryQuerySchema>;

export const packIdParamsSchema = z.object({
  packId: z.coerce.number({ error: 'packId must be a whole number' }).int('packId must be a whole number'),
});
