import type { Delivery } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { formatHourMinute } from '../../../lib/date-format';
import { notifiedByAlarm } from './notified-api';

const delivery = (id: number, patch: Partial<Delivery>): Delivery => ({
  id,
  kind: 'alarm',
  status: 'sent',
  ruleId: 1,
  ruleName: 'Critical at night',
  step: 1,
  repeat: 0,
  channelId: 1,
  channelName: 'Shift lead e-mail',
  channelType: 'email',
  alarmIds: [7],
  alarmCount: 1,
  attempts: 1,
  lastError: null,
  createdAt: '2026-01-01T03:12:00.000Z',
  nextAttemptAt: null,
  sentAt: '2026-01-01T03:12:00.000Z',
  ...patch,
});

describe('notifiedByAlarm', () => {
  it('names each alarm’s sent steps, oldest first, and leaves out test messages', () => {
    const later = '2026-01-01T03:27:00.000Z';
    // Newest first, as GET /notifications answers.
    const byAlarm = notifiedByAlarm([
      delivery(3, { kind: 'test', alarmIds: [], alarmCount: 0, channelName: 'Hook' }),
      delivery(2, { step: 2, channelName: 'Plant manager', sentAt: later, alarmIds: [7, 8], alarmCount: 2 }),
      delivery(1, {}),
    ]);
    const first = formatHourMinute('2026-01-01T03:12:00.000Z');
    expect(byAlarm.get(7)).toBe(`Shift lead e-mail ${first}, Plant manager ${formatHourMinute(later)}`);
    expect(byAlarm.get(8)).toBe(`Plant manager ${formatHourMinute(later)}`);
    expect(byAlarm.size).toBe(2);
  });
});
