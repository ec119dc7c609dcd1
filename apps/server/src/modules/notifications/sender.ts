// The one sender (docs/notifications.md "Delivery"): works through the outbox's due messages, at least once,
// each with its delivery id; retries timeouts, connection errors, 5xx and 429 with back-off from 5 s doubling
// to at most 10 min apart, for up to 24 h; fails other answers at once. A success on a channel makes that
// channel's waiting retries due at once (the receiver is back). Runs only on the engine instance.
import type { AlarmWithJournal, DeliveryKind } from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { NotificationsConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { findChannelRow, toStoredChannel, type StoredChannel } from './channels.queries.js';
import { listedAlarms, renderMessage } from './message-text.js';
import { dueMessages, markFailed, markRetry, markSent, messageAlarmIds, type MessageRow } from './outbox.queries.js';
import { getRule } from './rules.queries.js';
import { sendEmail, sendWebhook, type Outcome } from './transports.js';

export const retryPolicy = {
  firstDelayMs: 5000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  /** A channel's oldest waiting message is tried at least this often: it tells when the receiver is back. */
  probeMs: 10_000,
} as const;

/** The wait after the n-th failed attempt (n ≥ 1). */
export function backOffMs(attempts: number, retryAfterMs = 0): number {
  const delay = Math.min(retryPolicy.firstDelayMs * 2 ** Math.min(attempts - 1, 20), retryPolicy.maxDelayMs);
  return Math.min(Math.max(delay, retryAfterMs), retryPolicy.maxDelayMs);
}

export interface SenderOptions {
  db: Kysely<Database>;
  config: NotificationsConfig;
  /** BPM_PUBLIC_URL (docs/settings.md): the base of the links in messages. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The alarm as GET /alarms/{id} answers it, or undefined when it is gone. */
  alarm(id: number): Promise<AlarmWithJournal | undefined>;
  /** A message changed state (the delivery log's live signal). */
  changed(): void;
}

const batchSize = 20;

export class Sender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(private readonly options: SenderOptions) {}

  private now(): number {
    return (this.options.config.clock ?? Date.now)();
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.config.tickMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Look for due messages now; resolves when this pass (and any it asked for) is done. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    // A database that does not answer (a failover, a restart) is logged and tried again at the next kick: from a timer
    // a rejection would be unhandled and end the process.
    this.running = this.drain()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'notification sender could not read the outbox'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const due = await dueMessages(this.options.db, new Date(this.now()).toISOString(), batchSize);
        if (due.length === 0 || this.stopped) break;
        await Promise.all(due.map((row) => this.attempt(row)));
        this.options.changed();
      }
    } while (this.again && !this.stopped);
  }

  private async attempt(row: MessageRow): Promise<void> {
    const { log } = this.options;
    try {
      const outcome = await this.deliver(row);
      await this.record(row, outcome, false);
    } catch (error) {
      log.error({ err: error }, `Notification ${row.id} could not be attempted`);
      await this.record(row, { ok: false, retry: true, error: (error as Error).message }, false).catch(() => undefined);
    }
  }

  /** Records an attempt's outcome; a test message is never retried. */
  async record(row: MessageRow, outcome: Outcome, isTest: boolean): Promise<void> {
    const { db, log } = this.options;
    const attempts = row.attempts + 1;
    const nowMs = this.now();
    const now = new Date(nowMs).toISOString();
    if (outcome.ok) {
      await markSent(db, row.id, attempts, now, outcome.note);
      // The receiver answers again: its waiting retries need not wait out their back-off.
      await db
        .updateTable('notifications')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .where('channel_id', '=', row.channel_id)
        .where('attempts', '>', 0)
        .where('next_attempt_at', '>', now)
        .execute();
      return;
    }
    let delayMs = backOffMs(attempts, outcome.retryAfterMs);
    if (delayMs > retryPolicy.probeMs && outcome.retryAfterMs === undefined && (await this.isOldestWaiting(row)))
      delayMs = retryPolicy.probeMs;
    const retryAt = nowMs + delayMs;
    if (!isTest && outcome.retry && retryAt <= Date.parse(row.created_at) + retryPolicy.giveUpAfterMs) {
      await markRetry(db, row.id, attempts, outcome.error, new Date(retryAt).toISOString());
      return;
    }
    const error = outcome.retry && !isTest ? `Gave up after 24 h: ${outcome.error}` : outcome.error;
    await markFailed(db, row.id, attempts, error);
    log.warn(`Notification ${row.id} (${row.kind}) to channel ${row.channel_id} failed: ${error}`);
  }

  /** Is `row` its channel's oldest message waiting for a retry? */
  private async isOldestWaiting(row: MessageRow): Promise<boolean> {
    const oldest = await this.options.db
      .selectFrom('notifications')
      .select('id')
      .where('status', '=', 'pending')
      .where('channel_id', '=', row.channel_id)
      .where('attempts', '>', 0)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return oldest === undefined || oldest.id === row.id;
  }

  /** One attempt at `row`, by its channel as it is now. */
  async deliver(row: MessageRow, channelRow?: StoredChannel): Promise<Outcome> {
    const { db, config } = this.options;
    const found = channelRow ?? (await findChannelRow(db, row.channel_id).then((r) => (r ? toStoredChannel(r) : undefined)));
    if (!found) return { ok: false, retry: false, error: 'The channel was deleted' };
    if (!found.enabled && row.kind !== 'test') return { ok: false, retry: false, error: 'The channel is disabled' };
    const rule = row.rule_id === null ? null : await getRule(db, row.rule_id).catch(() => null);
    const ids = await messageAlarmIds(db, row.id, listedAlarms);
    const alarms = (await Promise.all(ids.map((id) => this.options.alarm(id)))).filter(
      (a): a is AlarmWithJournal => a !== undefined,
    );
    const nowMs = this.now();
    const rendered = renderMessage({
      deliveryId: row.id,
      kind: row.kind as DeliveryKind,
      rule: rule ? { id: rule.id, name: rule.name } : null,
      step: row.step,
      steps: rule?.steps.length ?? row.step ?? 1,
      repeat: row.repeat,
      alarms,
      more: Math.max(0, row.alarm_count - alarms.length),
      channelName: found.name,
      nowMs,
      publicUrl: this.options.publicUrl,
      timeZone: config.timeZone,
    });
    const transport = { timeoutMs: config.timeoutMs, smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom };
    if (found.type === 'webhook') return sendWebhook(found, rendered, row.id, nowMs, transport);
    return sendEmail(await this.recipients(found.settings), rendered, row.id, transport);
  }

  private async recipients(settings: { to: string[]; userIds: number[] }): Promise<string[]> {
    const users =
      settings.userIds.length === 0
        ? []
        : await this.options.db.selectFrom('users').select('email').where('id', 'in', settings.userIds).execute();
    return [...new Set([...settings.to, ...users.map((u) => u.email).filter((e) => e.includes('@'))])];
  }
}
