// The audit_log table; rows never leave this file.
import type { AuditEntry } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface NewAuditRow {
  ts: string;
  actorId: number | null;
  actorUsername: string | null;
  via: string | null;
  address: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  changes: string | null;
}

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      ts: row.ts,
      actor_id: row.actorId,
      actor_username: row.actorUsername,
      via: row.via,
      address: row.address,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      changes: row.changes,
    })
    .execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  before?: number | undefined;
}

export async function listAuditRows(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.actor) query = query.where((eb) => eb(eb.fn('lower', ['actor_username']), '=', filter.actor!.toLowerCase()));
  if (filter.action) {
    query = filter.action.endsWith('.')
      ? query.where('action', '>=', filter.action).where('action', '<', `${filter.action}\uffff`)
      : query.where('action', '=', filter.action);
  }
  if (filter.target) {
    const [type, ...rest] = filter.target.split(':');
    query = query.where('target_type', '=', type ?? '');
    if (rest.length > 0) query = query.where('target_id', '=', rest.join(':'));
  }
  if (filter.from) query = query.where('ts', '>=', new Date(filter.from).toISOString());
  if (filter.to) query = query.where('ts', '<=', new Date(filter.to).toISOString());
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    ts: row.ts,
    actor: row.actor_id !== null && row.actor_username !== null ? { id: row.actor_id, username: row.actor_username } : null,
    via: row.via,
    address: row.address,
    action: row.action,
    target: row.target_type !== null ? { type: row.target_type, id: row.target_id ?? '' } : null,
    changes: row.changes === null ? null : (JSON.parse(row.changes) as AuditEntry['changes']),
  }));
}

export async function deleteAuditRowsBefore(db: Db, ts: string): Promise<void> {
  await db.deleteFrom('audit_log').where('ts', '<', ts).execute();
}
