// System log entries and paging (docs/data-model.md (Log entry), docs/api.md (Logs)).
import { z } from 'zod';

export const logEntrySchema = z.object({
  /** Nanosecond epoch as a decimal string: unique, increasing, the entry's identity. */
  ts: z.string(),
  level: z.string(),
  msg: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logsQuerySchema = z.object({
  start: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  q: z.string().max(200).optional(),
});
export type LogsQuery = z.infer<typeof logsQuerySchema>;

/** Page sizes and polling of the Logs page (docs/data-model.md (Logs constants)). */
export const logsPaging = { firstPage: 200, nextPage: 50, autoRefreshLimit: 50, autoRefreshMs: 1000 } as const;
