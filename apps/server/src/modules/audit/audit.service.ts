// Recording the audit trail (docs/audit.md). Other modules call recordAudit() after a change succeeds; the
// entry says who (actor, session or key, address), what (action, target) and the fields that changed.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteAuditRowsBefore, insertAuditRow } from './audit.queries.js';

export interface AuditEvent {
  /** e.g. "user.update": "<target type>.<verb>". */
  action: string;
  target?: { type: string; id: string | number } | null;
  /** Field → before/after; see changesBetween. */
  changes?: Record<string, { before: unknown; after: unknown }> | null;
}

export interface AuditSource {
  actor: { id: number; username: string } | null;
  via: string | null;
  address: string | null;
}

/** Never recorded, whatever a caller passes: a field whose name says secret. */
const secretField = /password|token|hash|secret/i;

/** Who is acting in `request`: its principal (session or key) and client address. */
export function auditSource(request: FastifyRequest): AuditSource {
  const principal = request.principal;
  return {
    actor: principal ? { id: principal.userId, username: principal.username } : null,
    via: !principal ? null : principal.via === 'apiKey' ? `key #${principal.keyId ?? '?'}` : 'session',
    address: request.ip ?? null,
  };
}

/** The fields of `after` whose values differ from `before` (compared as JSON), secrets left out. */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: readonly string[],
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields) {
    if (secretField.test(field)) continue;
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** Appends one entry. Called after the change it records has succeeded. */
export async function recordAudit(db: Kysely<Database>, source: AuditSource, event: AuditEvent): Promise<void> {
  const changes = event.changes
    ? Object.fromEntries(Object.entries(event.changes).filter(([field]) => !secretField.test(field)))
    : null;
  await insertAuditRow(db, {
    ts: new Date().toISOString(),
    actorId: source.actor?.id ?? null,
    actorUsername: source.actor?.username ?? null,
    via: source.via,
    address: source.address,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target ? String(event.target.id) : null,
    changes: changes && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
  });
}

/** recordAudit for the caller of `request`. */
export function auditRequest(request: FastifyRequest, event: AuditEvent): Promise<void> {
  return recordAudit(request.server.db, auditSource(request), event);
}

/** Deletes entries older than `maxAgeDays` (the only deletion there is: the API never changes an entry). */
export function pruneAudit(db: Kysely<Database>, maxAgeDays: number): Promise<void> {
  return deleteAuditRowsBefore(db, new Date(Date.now() - maxAgeDays * 86_400_000).toISOString());
}
