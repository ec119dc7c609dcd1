// The audit trail (docs/audit.md): who changed what through the API, and GET /audit's filters.
import { z } from 'zod';

export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  ts: z.string(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** "session" or "key #12"; null for anonymous attempts (failed sign-ins). */
  via: z.string().nullable(),
  address: z.string().nullable(),
  /** e.g. "user.update", "role.delete", "auth.sign-in-failed". */
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** Field → before and after, only the fields that changed; never a password, token or hash. */
  changes: z.record(z.string(), auditChangeSchema).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

export const auditQuerySchema = z.strictObject({
  /** The actor's username (exact, ignoring case). */
  actor: z.string().trim().max(100).optional(),
  /** An action ("user.update") or its prefix ending in "." ("user."). */
  action: z.string().trim().max(100).optional(),
  /** "type" or "type:id", e.g. "role" or "role:4". */
  target: z.string().trim().max(200).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Entries older than this id (the last id of the previous page). */
  before: z.coerce.number().int().positive().optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
