// Notifications on the engine instance (docs/notifications.md): the escalation book watching the alarms, one
// serial flush writing its escalations and grouping the steps it fires into outbox messages, and the sender.
// observe() runs on the alarm update path: it only changes memory and asks for a flush.
import type { AlarmWithJournal, ChannelTestResult } from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { NotificationsConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { getChannelRow, listChannelRows, toStoredChannel } from './channels.queries.js';
import { EscalationBook, type AlarmView, type Escalation, type EscalationWrite, type Fire } from './escalation.js';
import { appendAlarm, failInterruptedTests, findMessage, insertMessage, retryPendingNow } from './outbox.queries.js';
import { listRules } from './rules.queries.js';
import { Sender } from './sender.js';

export interface AlarmSource {
  /** The active alarms now (to enrol those a new or changed rule matches). */
  active(): Iterable<AlarmView>;
  get(id: number): Promise<AlarmWithJournal | undefined>;
}

export interface NotificationServiceOptions {
  db: Kysely<Database>;
  config: NotificationsConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
  alarms: AlarmSource;
  changed?: () => void;
}

const reloadEveryMs = 5000;

interface Group {
  id: number;
  dueMs: number;
  batch: number;
}

export class NotificationService {
  readonly sender: Sender;
  private readonly book: EscalationBook;
  private fires: Fire[] = [];
  private writes = new Map<string, EscalationWrite>();
  private flushing: Promise<void> = Promise.resolve();
  private flushAsked = false;
  private started = false;
  private readonly early = new Map<number, AlarmView>();
  private enabledChannels = new Set<number>();
  private readonly groups = new Map<string, Group>();
  private readonly lastImmediate = new Map<string, number>();
  private batch = 0;
  private timer: NodeJS.Timeout | null = null;
  private reloadedAt = 0;

  constructor(private readonly options: NotificationServiceOptions) {
    this.book = new EscalationBook({
      fire: (fire) => this.fires.push(fire),
      write: (write) =>
        this.writes.set(
          write.type === 'delete' ? `${write.alarmId}` : `${write.escalation.alarmId}:${write.escalation.ruleId}`,
          write,
        ),
    });
    this.sender = new Sender({
      db: options.db,
      config: options.config,
      publicUrl: options.publicUrl,
      log: options.log,
      alarm: (id) => options.alarms.get(id),
      changed: () => options.changed?.(),
    });
  }

  private now(): number {
    return (this.options.config.clock ?? Date.now)();
  }

  /** Every alarm created or changed (alarms.service.ts). */
  observe(alarm: AlarmView): void {
    if (!this.started) {
      this.early.set(alarm.id, alarm);
      return;
    }
    this.book.observe(alarm, this.now());
    // Most alarm changes (a new peak, a message) change no escalation: no flush, no look at the outbox.
    if (this.fires.length > 0 || this.writes.size > 0) this.askFlush();
  }

  /** On the engine instance, after the alarms have started: resumes the stored escalations and pending messages. */
  async start(): Promise<void> {
    const { db } = this.options;
    await failInterruptedTests(db);
    await retryPendingNow(db, new Date(this.now()).toISOString());
    await this.reload();
    const rows = await db.selectFrom('notification_escalations').selectAll().execute();
    this.book.restore(
      rows.map((r): Escalation => ({
        alarmId: r.alarm_id,
        ruleId: r.rule_id,
        startedMs: Date.parse(r.started_at),
        nextStep: r.next_step,
        repeats: r.repeats,
        nextAtMs: r.next_at === null ? null : Date.parse(r.next_at),
        notified: new Set(JSON.parse(r.notified) as number[]),
      })),
    );
    this.started = true;
    for (const alarm of this.early.values()) this.book.observe(alarm, this.now());
    this.early.clear();
    this.enrolActive();
    this.sender.start();
    this.timer = setInterval(
      () => void this.tick().catch((error: unknown) => this.options.log.error({ err: error }, 'notification tick failed')),
      this.options.config.tickMs,
    );
    this.timer.unref();
    await this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    await this.sender.stop();
  }

  /** After a rule or channel changed: the enabled rules and channels, and the active alarms a rule now matches. */
  async reload(): Promise<void> {
    this.reloadedAt = performance.now();
    const rules = await listRules(this.options.db);
    const channels = await listChannelRows(this.options.db);
    this.enabledChannels = new Set(channels.filter((c) => c.enabled === 1).map((c) => c.id));
    this.book.setRules(rules);
    if (this.started) {
      this.enrolActive();
      await this.flush();
    }
  }

  /** Steps due by now, then the outbox (tests with an injected clock call it instead of waiting for the timer). */
  async tick(): Promise<void> {
    if (!this.started) return;
    // Cluster mode: a rule or channel changed through another instance reaches the engine's book here.
    if (performance.now() - this.reloadedAt > reloadEveryMs) await this.reload();
    this.book.tick(this.now());
    await this.flush();
    await this.sender.kick();
  }

  /** Writes what observe() and tick() queued, in order, one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'notification outbox write failed');
      });
    return this.flushing;
  }

  /** POST /notification-channels/{id}/test: one attempt now, recorded in the log, its outcome answered. */
  async test(channelId: number): Promise<ChannelTestResult> {
    const channel = toStoredChannel(await getChannelRow(this.options.db, channelId));
    const now = new Date(this.now()).toISOString();
    const id = await insertMessage(this.options.db, {
      kind: 'test',
      ruleId: null,
      step: null,
      repeat: 0,
      channelId,
      alarmIds: [],
      createdAt: now,
      nextAttemptAt: now,
    });
    const row = (await findMessage(this.options.db, id))!;
    const outcome = await this.sender.deliver(row, channel);
    await this.sender.record(row, outcome, true);
    this.options.changed?.();
    return { deliveryId: id, status: outcome.ok ? 'sent' : 'failed', error: outcome.ok ? (outcome.note ?? null) : outcome.error };
  }

  private enrolActive(): void {
    const now = this.now();
    for (const alarm of this.options.alarms.active()) this.book.observe(alarm, now);
    this.askFlush();
  }

  private askFlush(): void {
    if (this.flushAsked) return;
    this.flushAsked = true;
    setImmediate(() => {
      this.flushAsked = false;
      const fired = this.fires.length > 0;
      void this.flush().then(() => (fired ? this.sender.kick() : undefined));
    });
  }

  private async write(): Promise<void> {
    const fires = this.fires;
    const writes = [...this.writes.values()];
    this.fires = [];
    this.writes = new Map();
    if (fires.length === 0 && writes.length === 0) return;
    this.batch += 1;
    await this.options.db.transaction().execute(async (trx) => {
      for (const w of writes) await saveEscalation(trx, w);
      for (const fire of fires) await this.group(trx, fire);
    });
    if (fires.length > 0) this.options.changed?.();
  }

  /**
   * docs/notifications.md "Grouping": the first alarm of a rule step and channel goes out at once; those that
   * follow within groupSeconds wait in one message due when the window ends (and join the first while it is
   * still unsent in the same flush).
   */
  private async group(trx: Transaction<Database>, fire: Fire): Promise<void> {
    const groupMs = fire.rule.groupSeconds * 1000;
    const at = new Date(fire.atMs).toISOString();
    for (const channelId of fire.channelIds) {
      if (!this.enabledChannels.has(channelId)) continue;
      const key = `${fire.rule.id}:${fire.kind}:${fire.step ?? 0}:${channelId}`;
      const open = groupMs > 0 ? this.groups.get(key) : undefined;
      // A margin: the sender may take a message the moment it is due.
      if (open && (open.batch === this.batch || open.dueMs > fire.atMs + 1000)) {
        await appendAlarm(trx, open.id, fire.alarmId);
        continue;
      }
      const last = this.lastImmediate.get(key);
      const dueMs = groupMs > 0 && last !== undefined && fire.atMs - last < groupMs ? last + groupMs : fire.atMs;
      const id = await insertMessage(trx, {
        kind: fire.kind,
        ruleId: fire.rule.id,
        step: fire.step,
        repeat: fire.repeat,
        channelId,
        alarmIds: [fire.alarmId],
        createdAt: at,
        nextAttemptAt: new Date(dueMs).toISOString(),
      });
      if (dueMs === fire.atMs) this.lastImmediate.set(key, fire.atMs);
      if (groupMs > 0) this.groups.set(key, { id, dueMs, batch: this.batch });
    }
  }
}

async function saveEscalation(trx: Transaction<Database>, w: EscalationWrite): Promise<void> {
  if (w.type === 'delete') {
    await trx.deleteFrom('notification_escalations').where('alarm_id', '=', w.alarmId).execute();
    return;
  }
  const e = w.escalation;
  const values = {
    started_at: new Date(e.startedMs).toISOString(),
    next_step: e.nextStep,
    repeats: e.repeats,
    next_at: e.nextAtMs === null ? null : new Date(e.nextAtMs).toISOString(),
    notified: JSON.stringify([...e.notified]),
  };
  await trx
    .insertInto('notification_escalations')
    .values({ alarm_id: e.alarmId, rule_id: e.ruleId, ...values })
    .onConflict((c) => c.columns(['alarm_id', 'rule_id']).doUpdateSet(values))
    .execute();
}
