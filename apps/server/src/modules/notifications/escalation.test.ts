// The escalation book alone (docs/notifications.md "Rules"), on an injected clock: when steps fire for alarms
// raised suppressed, shelved and unshelved, and for the system alarm; and what a message says.
import type { AlarmWithJournal, Rule } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { EscalationBook, type AlarmView, type Fire } from './escalation.js';
import { renderMessage } from './message-text.js';

const minute = 60_000;
const t0 = Date.parse('2026-12-06T03:00:00.000Z');

const rule: Rule = {
  id: 1,
  name: 'Night shift',
  enabled: true,
  match: { eventTypes: ['Critical'] },
  steps: [
    { afterMinutes: 0, channelIds: [10] },
    { afterMinutes: 15, channelIds: [20] },
  ],
  repeatMinutes: null,
  notifyCleared: true,
  groupSeconds: 0,
  createdAt: '',
  updatedAt: '',
};

const alarm = (extra: Partial<AlarmView> = {}): AlarmView => ({
  id: 7,
  probeID: 'P-7',
  event: 11,
  eventType: 'Critical',
  raisedAt: new Date(t0).toISOString(),
  clearedAt: null,
  acknowledgedAt: null,
  shelvedUntil: null,
  annunciated: true,
  assignment: { buildStage: { id: 3 } },
  ...extra,
});

function book(rules: Rule[] = [rule]) {
  const fired: Fire[] = [];
  const b = new EscalationBook({ fire: (f) => fired.push(f), write: () => undefined });
  b.setRules(rules);
  const steps = () => fired.map((f) => `${f.kind}:${f.step ?? '-'}:${f.channelIds.join(',')}@${(f.atMs - t0) / minute}`);
  return { b, steps };
}

describe('escalation', () => {
  it('starts the clock of an alarm raised suppressed when it becomes current', () => {
    const { b, steps } = book();
    b.observe(alarm({ annunciated: false }), t0);
    b.tick(t0 + 30 * minute);
    expect(steps()).toEqual([]);
    b.observe(alarm(), t0 + 40 * minute);
    b.tick(t0 + 40 * minute);
    b.tick(t0 + 54 * minute);
    b.tick(t0 + 55 * minute);
    expect(steps()).toEqual(['alarm:1:10@40', 'alarm:2:20@55']);
  });

  it('stops while shelved, starts again from step 1 when unshelved, and says "cleared" to the channels told', () => {
    const { b, steps } = book();
    b.observe(alarm(), t0);
    b.tick(t0);
    b.observe(alarm({ shelvedUntil: new Date(t0 + 60 * minute).toISOString() }), t0 + 5 * minute);
    b.tick(t0 + 20 * minute);
    b.observe(alarm(), t0 + 60 * minute);
    b.tick(t0 + 60 * minute);
    b.observe(alarm({ clearedAt: new Date(t0 + 61 * minute).toISOString() }), t0 + 61 * minute);
    expect(steps()).toEqual(['alarm:1:10@0', 'alarm:1:10@60', 'cleared:-:10@61']);
  });

  it('escalates the system alarm, born cleared, until it is acknowledged; matches nothing with a stage list', () => {
    const withStages: Rule = { ...rule, id: 2, match: { eventTypes: ['Critical'], stageIds: [3] } };
    const { b, steps } = book([rule, withStages]);
    const system = alarm({ id: 1, probeID: '', event: 2, assignment: null, clearedAt: new Date(t0).toISOString() });
    b.observe(system, t0);
    b.tick(t0 + 15 * minute);
    expect(steps()).toEqual(['alarm:2:20@15']);
    b.observe({ ...system, acknowledgedAt: new Date(t0 + 16 * minute).toISOString() }, t0 + 16 * minute);
    expect(b.size).toBe(0);
  });
});

describe('message text', () => {
  it('names the alarm, where, how bad, since when, the step and the link, in BPM_TIME_ZONE', () => {
    const a = {
      ...alarm(),
      raisedMessage: 'Internal temperature 60.0 °C above alarm 55 °C',
      lastMessage: 'Internal temperature 61.0 °C above alarm 55 °C',
      peak: 61,
      assignment: {
        buildStage: { id: 3, name: 'Busbar welding' },
        agv: { id: 12, name: 'AGV-12' },
        batteryPack: { id: 2291, name: 'Pack 2291' },
      },
      suppressed: false,
      acknowledgedBy: null,
      ackComment: null,
      shelvedBy: null,
      shelveReason: null,
      state: 'unacknowledged',
      journal: [],
    } as AlarmWithJournal;
    const m = renderMessage({
      deliveryId: 42,
      kind: 'alarm',
      rule: { id: 1, name: 'Night shift' },
      step: 2,
      steps: 3,
      repeat: 0,
      alarms: [a],
      more: 0,
      channelName: 'Shift lead e-mail',
      nowMs: t0 + 75 * minute,
      publicUrl: 'https://bpm.plant.test',
      timeZone: 'Europe/Berlin',
    });
    expect(m.subject).toBe('[BPM] Critical: Internal temperature 61.0 °C above alarm 55 °C (P-7)');
    for (const part of [
      'escalation 2 of 3',
      'Pack: Pack 2291',
      'Stage: Busbar welding',
      'AGV: AGV-12',
      'Value: peak 61 °C',
      'Raised: 2026-12-06 04:00 CET',
      'Unacknowledged for: 1 h 15 min',
      'https://bpm.plant.test/alarms?alarm=7',
    ])
      expect(m.text).toContain(part);
    expect(m.html).toContain('<a href="https://bpm.plant.test/alarms?alarm=7">');
    expect(m.document).toMatchObject({
      deliveryId: 42,
      step: 2,
      kind: 'alarm',
      more: 0,
      url: 'https://bpm.plant.test/alarms?alarm=7',
    });
    expect(JSON.stringify(m.slack)).toContain('<https://bpm.plant.test/alarms?alarm=7|Critical: Internal temperature 61.0 °C');
    expect(JSON.stringify(m.teams)).toContain('"type":"FactSet"');
  });
});
