// Alarm and journal rows <-> the alarm episodes and journal entries the rest of the server uses (docs/alarms.md).
import type { EventType, JournalEntry, ProbeAssignment } from '@bpm/protocol';
import type { Selectable } from 'kysely';
import type { AlarmsTable, JournalTable } from '../../db/schema.js';
import { alarmState, type AlarmEpisode } from './alarm-tracker.js';

export type AlarmRow = Selectable<AlarmsTable>;
type JournalRow = Selectable<JournalTable>;

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function assignmentOf(row: AlarmRow | JournalRow): ProbeAssignment | null {
  if (row.stage_id === null && row.agv_id === null && row.pack_id === null) return null;
  return {
    buildStage: ref(row.stage_id, row.stage_name),
    agv: ref(row.agv_id, row.agv_name),
    batteryPack: ref(row.pack_id, row.pack_name),
  };
}

export function assignmentColumns(a: ProbeAssignment | null) {
  return {
    stage_id: a?.buildStage?.id ?? null,
    stage_name: a?.buildStage?.name ?? null,
    agv_id: a?.agv?.id ?? null,
    agv_name: a?.agv?.name ?? null,
    pack_id: a?.batteryPack?.id ?? null,
    pack_name: a?.batteryPack?.name ?? null,
  };
}

export function rowToEpisode(row: AlarmRow): AlarmEpisode {
  return {
    id: row.id,
    probeID: row.probe_id,
    event: row.event,
    eventType: row.event_type as EventType,
    raisedAt: row.raised_at,
    raisedMessage: row.raised_message,
    lastMessage: row.last_message,
    peak: row.peak,
    assignment: assignmentOf(row),
    suppressed: row.suppressed === 1,
    clearedAt: row.cleared_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy:
      row.acknowledged_by_id === null ? null : { id: row.acknowledged_by_id, username: row.acknowledged_by_name ?? '' },
    ackComment: row.ack_comment,
    shelvedUntil: row.shelved_until,
    shelvedBy: row.shelved_by_id === null ? null : { id: row.shelved_by_id, username: row.shelved_by_name ?? '' },
    shelveReason: row.shelve_reason,
    annunciated: row.annunciated === 1,
    ackDelayMs: row.ack_delay_ms,
  };
}

export function episodeToRow(a: AlarmEpisode): AlarmRow {
  const state = alarmState(a);
  return {
    id: a.id,
    probe_id: a.probeID,
    event: a.event,
    event_type: a.eventType,
    raised_at: a.raisedAt,
    raised_message: a.raisedMessage,
    last_message: a.lastMessage,
    peak: a.peak,
    ...assignmentColumns(a.assignment),
    suppressed: a.suppressed ? 1 : 0,
    annunciated: a.annunciated ? 1 : 0,
    open: state === 'closed' ? 0 : 1,
    cleared_at: a.clearedAt,
    acknowledged_at: a.acknowledgedAt,
    acknowledged_by_id: a.acknowledgedBy?.id ?? null,
    acknowledged_by_name: a.acknowledgedBy?.username ?? null,
    ack_comment: a.ackComment,
    ack_delay_ms: a.ackDelayMs,
    shelved_until: a.shelvedUntil,
    shelved_by_id: a.shelvedBy?.id ?? null,
    shelved_by_name: a.shelvedBy?.username ?? null,
    shelve_reason: a.shelveReason,
  };
}

export function rowToJournal(row: JournalRow): JournalEntry {
  return {
    id: row.id,
    ts: row.ts,
    probeID: row.probe_id,
    event: row.event,
    eventType: row.event_type as EventType,
    eventString: row.event_string,
    suppressed: row.suppressed === 1,
    assignment: assignmentOf(row),
    alarmId: row.alarm_id,
  };
}
