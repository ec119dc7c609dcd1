// The rule engine (docs/notifications.md "Rules"): for each annunciated alarm and each enabled rule it matches,
// an escalation whose steps fire while the alarm stays unacknowledged, not shelved and not cleared; then the
// repeats; a "cleared" message to the channels notified. It sees every alarm change on the engine's update path,
// so observe() and tick() only change memory and queue the writes, which one serial flush applies.
import { systemAlarm, type Rule } from '@bpm/protocol';

/** The alarm fields escalation reads (an AlarmEpisode or an Alarm). */
export interface AlarmView {
  id: number;
  probeID: string;
  event: number;
  eventType: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  shelvedUntil: string | null;
  annunciated: boolean;
  assignment: { buildStage: { id: number } | null } | null;
}

export interface Escalation {
  alarmId: number;
  ruleId: number;
  startedMs: number;
  /** 0-based index of the next step; steps.length once only repeats remain; -1 once stopped (acknowledged or shelved). */
  nextStep: number;
  repeats: number;
  /** null: ended (acknowledged, shelved, or no repeat after the last step). */
  nextAtMs: number | null;
  notified: Set<number>;
}

/** One alarm entering one message: grouped by rule, step, channel and kind (outbox.ts). */
export interface Fire {
  kind: 'alarm' | 'cleared';
  rule: Rule;
  step: number | null;
  repeat: number;
  channelIds: number[];
  alarmId: number;
  atMs: number;
}

export type EscalationWrite = { type: 'save'; escalation: Escalation } | { type: 'delete'; alarmId: number };

export interface EscalationSink {
  fire(fire: Fire): void;
  write(write: EscalationWrite): void;
}

const minute = 60_000;

export function matches(rule: Rule, a: AlarmView): boolean {
  if (!rule.match.eventTypes.includes(a.eventType as 'Warning' | 'Critical')) return false;
  if (rule.match.events && rule.match.events.length > 0 && !rule.match.events.includes(a.event)) return false;
  if (rule.match.stageIds && rule.match.stageIds.length > 0) {
    const stage = a.assignment?.buildStage?.id;
    if (stage === undefined || !rule.match.stageIds.includes(stage)) return false;
  }
  return true;
}

const isSystem = (a: AlarmView) => a.probeID === systemAlarm.probeID && a.event === systemAlarm.event;

/**
 * Awaiting a person: unacknowledged, not shelved, annunciated, and active, or the system alarm, which is born
 * cleared (docs/alarms.md "System alarm") and waits for its acknowledgement all the same.
 */
export function awaitsSomeone(a: AlarmView): boolean {
  return a.acknowledgedAt === null && a.shelvedUntil === null && a.annunciated && (a.clearedAt === null || isSystem(a));
}

export class EscalationBook {
  private rules = new Map<number, Rule>();
  private readonly byAlarm = new Map<number, Map<number, Escalation>>();
  /** Alarms seen raised suppressed: their clock starts when they become current, not at raisedAt. */
  private readonly unannunciated = new Set<number>();

  constructor(private readonly sink: EscalationSink) {}

  get size(): number {
    return this.byAlarm.size;
  }

  /** The enabled rules; escalations of rules gone or disabled end; changed steps re-time the next one. */
  setRules(rules: readonly Rule[]): void {
    this.rules = new Map(rules.filter((r) => r.enabled).map((r) => [r.id, r]));
    for (const [alarmId, escalations] of this.byAlarm) {
      for (const [ruleId, e] of escalations) {
        const rule = this.rules.get(ruleId);
        if (!rule) {
          escalations.delete(ruleId);
          continue;
        }
        if (e.nextAtMs !== null && e.nextStep < rule.steps.length)
          e.nextAtMs = e.startedMs + rule.steps[e.nextStep]!.afterMinutes * minute;
        if (e.nextStep > rule.steps.length) e.nextStep = rule.steps.length;
      }
      if (escalations.size === 0) {
        this.byAlarm.delete(alarmId);
        this.sink.write({ type: 'delete', alarmId });
      }
    }
  }

  restore(escalations: readonly Escalation[]): void {
    for (const e of escalations) {
      if (!this.rules.has(e.ruleId)) continue;
      let map = this.byAlarm.get(e.alarmId);
      if (!map) this.byAlarm.set(e.alarmId, (map = new Map()));
      map.set(e.ruleId, e);
    }
  }

  observe(a: AlarmView, nowMs: number): void {
    if (this.rules.size === 0 && this.byAlarm.size === 0) return;
    const escalations = this.byAlarm.get(a.id);
    if (a.clearedAt !== null && !isSystem(a)) {
      this.unannunciated.delete(a.id);
      if (escalations) this.cleared(a, escalations, nowMs);
      return;
    }
    if (!a.annunciated) {
      this.unannunciated.add(a.id);
      return;
    }
    if (!awaitsSomeone(a)) {
      if (!escalations) return;
      for (const e of escalations.values()) {
        if (e.nextStep === -1) continue;
        e.nextStep = -1;
        e.nextAtMs = null;
        this.sink.write({ type: 'save', escalation: e });
      }
      // The system alarm is cleared already: acknowledged, nothing more will happen to it.
      if (isSystem(a)) this.drop(a.id);
      return;
    }
    const startedMs = this.unannunciated.delete(a.id) ? nowMs : Date.parse(a.raisedAt);
    for (const rule of this.rules.values()) {
      const e = escalations?.get(rule.id);
      if (e && e.nextStep !== -1) continue;
      if (!e && !matches(rule, a)) continue;
      // New, or back to awaiting someone (unshelved): from the first step, its clock from now on.
      const started = e ? nowMs : startedMs;
      const next: Escalation = {
        alarmId: a.id,
        ruleId: rule.id,
        startedMs: started,
        nextStep: 0,
        repeats: 0,
        nextAtMs: started + rule.steps[0]!.afterMinutes * minute,
        notified: e?.notified ?? new Set(),
      };
      let map = this.byAlarm.get(a.id);
      if (!map) this.byAlarm.set(a.id, (map = new Map()));
      map.set(rule.id, next);
      this.sink.write({ type: 'save', escalation: next });
    }
  }

  /** Fires every step (or repeat) due by `nowMs`; a step overdue by more than one fires only the latest. */
  tick(nowMs: number): void {
    for (const escalations of this.byAlarm.values()) {
      for (const e of escalations.values()) {
        if (e.nextAtMs === null || e.nextAtMs > nowMs) continue;
        const rule = this.rules.get(e.ruleId);
        if (!rule) continue;
        const steps = rule.steps;
        if (e.nextStep < steps.length) {
          let i = e.nextStep;
          while (i + 1 < steps.length && e.startedMs + steps[i + 1]!.afterMinutes * minute <= nowMs) i++;
          this.fire(rule, e, i + 1, 0, steps[i]!.channelIds, nowMs);
          e.nextStep = i + 1;
          const dueMs = e.startedMs + steps[i]!.afterMinutes * minute;
          e.nextAtMs =
            e.nextStep < steps.length
              ? e.startedMs + steps[e.nextStep]!.afterMinutes * minute
              : rule.repeatMinutes === null
                ? null
                : Math.max(dueMs + rule.repeatMinutes * minute, nowMs + 1);
        } else if (rule.repeatMinutes !== null) {
          e.repeats += 1;
          this.fire(rule, e, steps.length, e.repeats, steps[steps.length - 1]!.channelIds, nowMs);
          const next = e.nextAtMs + rule.repeatMinutes * minute;
          e.nextAtMs = next > nowMs ? next : nowMs + rule.repeatMinutes * minute;
        } else {
          e.nextAtMs = null;
        }
        this.sink.write({ type: 'save', escalation: e });
      }
    }
  }

  private fire(rule: Rule, e: Escalation, step: number, repeat: number, channelIds: number[], nowMs: number): void {
    for (const c of channelIds) e.notified.add(c);
    this.sink.fire({ kind: 'alarm', rule, step, repeat, channelIds, alarmId: e.alarmId, atMs: nowMs });
  }

  private cleared(a: AlarmView, escalations: Map<number, Escalation>, nowMs: number): void {
    for (const e of escalations.values()) {
      const rule = this.rules.get(e.ruleId);
      if (rule?.notifyCleared && e.notified.size > 0)
        this.sink.fire({ kind: 'cleared', rule, step: null, repeat: 0, channelIds: [...e.notified], alarmId: a.id, atMs: nowMs });
    }
    this.drop(a.id);
  }

  private drop(alarmId: number): void {
    this.byAlarm.delete(alarmId);
    this.sink.write({ type: 'delete', alarmId });
  }
}
