// The outbox (docs/notifications.md "Delivery"): every message is a row before it is sent, with the alarms it
// names in notification_alarms; the sender takes the due pending rows, the log reads them newest first.
import { notificationLimits, type Delivery, type DeliveryFilter, type DeliveryKind } from '@bpm/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';

export type MessageRow = Selectable<NotificationsTable>;

export interface NewMessage {
  kind: DeliveryKind;
  ruleId: number | null;
  step: number | null;
  repeat: number;
  channelId: number;
  alarmIds: readonly number[];
  createdAt: string;
  nextAttemptAt: string;
}

export async function insertMessage(db: Kysely<Database>, m: NewMessage): Promise<number> {
  const { id } = await db
    .insertInto('notifications')
    .values({
      kind: m.kind,
      rule_id: m.ruleId,
      step: m.step,
      repeat: m.repeat,
      channel_id: m.channelId,
      alarm_count: m.alarmIds.length,
      status: 'pending',
      attempts: 0,
      last_error: null,
      created_at: m.createdAt,
      next_attempt_at: m.nextAttemptAt,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (m.alarmIds.length > 0)
    await db
      .insertInto('notification_alarms')
      .values(m.alarmIds.map((alarmId) => ({ notification_id: id, alarm_id: alarmId })))
      .execute();
  return id;
}

/** Adds an alarm to a message that has not been sent yet (grouping). */
export async function appendAlarm(db: Kysely<Database>, id: number, alarmId: number): Promise<void> {
  const result = await db
    .insertInto('notification_alarms')
    .values({ notification_id: id, alarm_id: alarmId })
    .onConflict((c) => c.columns(['notification_id', 'alarm_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0)
    await db
      .updateTable('notifications')
      .set((eb) => ({ alarm_count: eb('alarm_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
}

/** Pending alarm and cleared messages due by `now`, oldest due first (test messages are sent by their request). */
export async function dueMessages(db: Kysely<Database>, now: string, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where('kind', '!=', 'test')
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findMessage(db: Kysely<Database>, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function messageAlarmIds(db: Kysely<Database>, id: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notification_alarms')
    .select('alarm_id')
    .where('notification_id', '=', id)
    .orderBy('alarm_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.alarm_id);
}

/** `note`: what the log still says of a sent message (the recipients an SMTP server refused). */
export async function markSent(db: Kysely<Database>, id: number, attempts: number, now: string, note?: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'sent', attempts, sent_at: now, next_attempt_at: null, last_error: note ?? null })
    .where('id', '=', id)
    .execute();
}

export async function markRetry(
  db: Kysely<Database>,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: string,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ attempts, last_error: error, next_attempt_at: nextAttemptAt })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Kysely<Database>, id: number, attempts: number, error: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'failed', attempts, last_error: error, next_attempt_at: null })
    .where('id', '=', id)
    .execute();
}

/**
 * At the sender's start (a restart, or the engine moving to another instance): retries are due at once, since
 * the failures may have been this side's (docs/notifications.md "Delivery").
 */
export async function retryPendingNow(db: Kysely<Database>, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('attempts', '>', 0)
    .where('next_attempt_at', '>', now)
    .execute();
}

/** A test message a crash interrupted is not sent later: its request has long been answered. */
export async function failInterruptedTests(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'failed', last_error: 'Interrupted by a restart', next_attempt_at: null })
    .where('status', '=', 'pending')
    .where('kind', '=', 'test')
    .execute();
}

export async function listDeliveries(db: Kysely<Database>, filter: DeliveryFilter): Promise<Delivery[]> {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('notification_rules as r', 'r.id', 'n.rule_id')
    .leftJoin('notification_channels as c', 'c.id', 'n.channel_id')
    .selectAll('n')
    .select(['r.name as rule_name', 'c.name as channel_name', 'c.type as channel_type'])
    .orderBy('n.id', 'desc')
    .limit(filter.limit);
  if (filter.status) query = query.where('n.status', '=', filter.status);
  if (filter.channelId !== undefined) query = query.where('n.channel_id', '=', filter.channelId);
  if (filter.before !== undefined) query = query.where('n.id', '<', filter.before);
  if (filter.alarmId !== undefined) {
    const alarmId = filter.alarmId;
    query = query.where('n.id', 'in', (eb) =>
      eb.selectFrom('notification_alarms').select('notification_id').where('alarm_id', '=', alarmId),
    );
  }
  const rows = await query.execute();
  const ids = rows.map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('notification_alarms')
          .select(['notification_id', 'alarm_id'])
          .where('notification_id', 'in', ids)
          .orderBy('alarm_id')
          .execute();
  const alarmsOf = new Map<number, number[]>();
  for (const link of links) {
    const list = alarmsOf.get(link.notification_id) ?? [];
    if (list.length < notificationLimits.alarmsListed) list.push(link.alarm_id);
    alarmsOf.set(link.notification_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as DeliveryKind,
    status: r.status as Delivery['status'],
    ruleId: r.rule_id,
    ruleName: r.rule_name ?? null,
    step: r.step,
    repeat: r.repeat,
    channelId: r.channel_id,
    channelName: r.channel_name ?? null,
    channelType: (r.channel_type as Delivery['channelType']) ?? null,
    alarmIds: alarmsOf.get(r.id) ?? [],
    alarmCount: r.alarm_count,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    nextAttemptAt: r.next_attempt_at,
    sentAt: r.sent_at,
  }));
}
