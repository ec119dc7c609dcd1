// The one error body every API failure answers with (docs/api.md (Errors)).
import { z } from 'zod';

export const errorDetailSchema = z.object({
  /** Dotted path of the offending field, e.g. "email" or "3.readings.0.temperature". */
  path: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
