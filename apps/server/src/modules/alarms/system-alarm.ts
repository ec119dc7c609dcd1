// The system alarm (docs/alarms.md "System alarm"): the time nobody monitored the probes, as one alarm of no
// probe instead of one watchdog alarm per probe. Raised at the gap's start and cleared at its end, it is at once
// `returned`: it needs acknowledgement and is no longer happening.
import { notMonitoringMessage, systemAlarm } from '@bpm/protocol';
import type { AlarmEpisode, NewJournalEntry } from './alarm-tracker.js';

export function systemAlarmEpisode(
  id: number,
  fromMs: number,
  toMs: number,
  clockTime: (ms: number) => string,
): { episode: AlarmEpisode; entry: NewJournalEntry } {
  const message = notMonitoringMessage(clockTime(fromMs), clockTime(toMs));
  const clearedAt = new Date(toMs).toISOString();
  const episode: AlarmEpisode = {
    id,
    probeID: systemAlarm.probeID,
    event: systemAlarm.event,
    eventType: systemAlarm.eventType,
    raisedAt: new Date(fromMs).toISOString(),
    raisedMessage: message,
    lastMessage: message,
    peak: null,
    assignment: null,
    suppressed: false,
    clearedAt,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackComment: null,
    shelvedUntil: null,
    shelvedBy: null,
    shelveReason: null,
    annunciated: true,
    ackDelayMs: null,
  };
  const entry: NewJournalEntry = {
    ts: clearedAt,
    probeID: systemAlarm.probeID,
    event: systemAlarm.event,
    eventType: systemAlarm.eventType,
    eventString: message,
    suppressed: false,
    assignment: null,
    alarmId: id,
  };
  return { episode, entry };
}
