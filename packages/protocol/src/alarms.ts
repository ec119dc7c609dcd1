// Alarms and the event journal (docs/alarms.md): the shapes of every alarm call and of the live
// `alarms` message, defined once for server, web, tests and benches.
import { z } from 'zod';
import { eventTypeSchema } from './events.js';
import { probeAssignmentSchema } from './probes.js';

export const alarmStates = ['unacknowledged', 'acknowledged', 'returned', 'shelved', 'closed'] as const;
export const alarmStateSchema = z.enum(alarmStates);
export type AlarmState = z.infer<typeof alarmStateSchema>;
/** `open` = unacknowledged + acknowledged + returned + shelved. */
export const alarmStateFilterSchema = z.enum([...alarmStates, 'open']);
export type AlarmStateFilter = z.infer<typeof alarmStateFilterSchema>;

/** Bounds of the alarm calls, shared by the server's schemas and the web forms. */
export const alarmLimits = {
  commentMaxLength: 500,
  idsMax: 1000,
  shelveMinutesMin: 1,
  shelveMinutesMax: 480,
  shelveReasonMaxLength: 200,
  pageMax: 1000,
  pageDefault: 100,
  /** ISA-18.2's flood: more than this many new alarms in one window. */
  floodAlarms: 10,
  floodWindowMinutes: 10,
  /** Probe Details' "Alarm history". */
  probeHistory: 20,
} as const;

/**
 * The system alarm (docs/alarms.md "System alarm"): raised by BPM itself, not by a probe, once per start after a
 * time nobody monitored. No probe ID is empty (reports.ts), so the empty one names BPM; its event code is none
 * of the probe catalogue's.
 */
export const systemAlarm = { probeID: '', event: 2, eventType: 'Critical', name: 'BPM' } as const;

/** "BPM was not monitoring from HH:MM:SS to HH:MM:SS" (the times as the server's clock reads them). */
export function notMonitoringMessage(from: string, to: string): string {
  return `BPM was not monitoring from ${from} to ${to}`;
}

export const userRefSchema = z.object({ id: z.number().int(), username: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** The probe's assignment at the moment (stage, AGV, pack), or null when it had none. */
export const alarmAssignmentSchema = probeAssignmentSchema.nullable();

export const alarmSchema = z.object({
  id: z.number().int(),
  probeID: z.string(),
  event: z.number().int(),
  eventType: eventTypeSchema,
  raisedAt: z.string(),
  raisedMessage: z.string(),
  lastMessage: z.string(),
  /** Most extreme temperature (°C) for 10–13, lowest battery (%) for 20–21, else null. */
  peak: z.number().nullable(),
  assignment: alarmAssignmentSchema,
  /** Suppressed now (by assignment or by a shelve): not driving the probe's state. */
  suppressed: z.boolean(),
  /** Current at some moment (docs/alarms.md "States"): only such an alarm needs acknowledgement. */
  annunciated: z.boolean(),
  clearedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: userRefSchema.nullable(),
  ackComment: z.string().nullable(),
  shelvedUntil: z.string().nullable(),
  shelvedBy: userRefSchema.nullable(),
  shelveReason: z.string().nullable(),
  state: alarmStateSchema,
});
export type Alarm = z.infer<typeof alarmSchema>;

export const journalEntrySchema = z.object({
  id: z.number().int(),
  ts: z.string(),
  probeID: z.string(),
  event: z.number().int(),
  eventType: eventTypeSchema,
  eventString: z.string(),
  suppressed: z.boolean(),
  assignment: alarmAssignmentSchema,
  /** The alarm this entry raised or cleared, if any. */
  alarmId: z.number().int().nullable(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const alarmWithJournalSchema = alarmSchema.extend({ journal: z.array(journalEntrySchema) });
export type AlarmWithJournal = z.infer<typeof alarmWithJournalSchema>;

const isoTime = z.iso.datetime({ offset: true });
const intParam = z.coerce.number().int();

/** `from` after `to` is a 400 naming `from`. */
function fromNotAfterTo<T extends { from?: string; to?: string }>(query: T, ctx: z.RefinementCtx): void {
  if (query.from !== undefined && query.to !== undefined && Date.parse(query.from) > Date.parse(query.to)) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
  }
}

const pagingFields = {
  from: isoTime.optional(),
  to: isoTime.optional(),
  limit: intParam.min(1).max(alarmLimits.pageMax).default(alarmLimits.pageDefault),
  /** An id: only older entries (paging, newest first). */
  before: intParam.min(1).optional(),
};

export const alarmFilterSchema = z
  .object({
    state: alarmStateFilterSchema.optional(),
    probeID: z.string().min(1).max(64).optional(),
    packId: intParam.optional(),
    stageId: intParam.optional(),
    event: intParam.optional(),
    eventType: eventTypeSchema.optional(),
    ...pagingFields,
  })
  .superRefine(fromNotAfterTo);
export type AlarmFilter = z.infer<typeof alarmFilterSchema>;
export type AlarmFilterInput = z.input<typeof alarmFilterSchema>;

export const journalFilterSchema = z
  .object({
    probeID: z.string().min(1).max(64).optional(),
    packId: intParam.optional(),
    ...pagingFields,
  })
  .superRefine(fromNotAfterTo);
export type JournalFilter = z.infer<typeof journalFilterSchema>;
export type JournalFilterInput = z.input<typeof journalFilterSchema>;

export const alarmSummaryQuerySchema = z.object({ from: isoTime.optional(), to: isoTime.optional() }).superRefine(fromNotAfterTo);
export type AlarmSummaryQuery = z.infer<typeof alarmSummaryQuerySchema>;

const countOf = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, count: z.number().int() });

/**
 * docs/alarms.md "Summary": every figure counts the alarms raised in the range that were annunciated (current
 * at some moment), as ISA-18.2's rates and floods do; `notAnnunciated` counts the others.
 */
export const alarmSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  /** Alarms raised in the range that were never annunciated (they only sat in `suppressedEvents`): in no other figure. */
  notAnnunciated: z.number().int(),
  byEventType: z.array(countOf({ eventType: eventTypeSchema })),
  byEvent: z.array(countOf({ event: z.number().int() })),
  topProbes: z.array(countOf({ probeID: z.string() })),
  topStages: z.array(countOf({ id: z.number().int(), name: z.string() })),
  topPacks: z.array(countOf({ id: z.number().int(), name: z.string() })),
  /** Hours with at least one new alarm, oldest first; `hour` is its start (ISO 8601). */
  perHour: z.array(countOf({ hour: z.string() })),
  timeToAcknowledge: z.object({
    count: z.number().int(),
    meanSeconds: z.number().nullable(),
    p90Seconds: z.number().nullable(),
  }),
  /** 10-minute windows (aligned to the clock) that held more than 10 new alarms. */
  floods: z.array(countOf({ start: z.string(), end: z.string() })),
});
export type AlarmSummary = z.infer<typeof alarmSummarySchema>;

export const alarmIdParamsSchema = z.object({ id: intParam.min(1) });

export const acknowledgeAlarmBodySchema = z.strictObject({
  comment: z.string().max(alarmLimits.commentMaxLength).optional(),
});
export type AcknowledgeAlarmBody = z.infer<typeof acknowledgeAlarmBodySchema>;

export const acknowledgeAlarmsBodySchema = z.strictObject({
  ids: z.array(z.number().int().min(1)).min(1).max(alarmLimits.idsMax),
  comment: z.string().max(alarmLimits.commentMaxLength).optional(),
});
export type AcknowledgeAlarmsBody = z.infer<typeof acknowledgeAlarmsBodySchema>;
export const acknowledgeAlarmsResultSchema = z.object({ acknowledged: z.number().int() });
export type AcknowledgeAlarmsResult = z.infer<typeof acknowledgeAlarmsResultSchema>;

export const shelveAlarmBodySchema = z.strictObject({
  minutes: z.number().int().min(alarmLimits.shelveMinutesMin).max(alarmLimits.shelveMinutesMax),
  reason: z.string().trim().min(1).max(alarmLimits.shelveReasonMaxLength),
});
export type ShelveAlarmBody = z.infer<typeof shelveAlarmBodySchema>;

/** Every alarm created or changed since the last flush (live feed). */
export const alarmsMessageSchema = z.object({
  messageType: z.literal('alarms'),
  /** On the snapshot's messages only, numbered from 0: part 0 replaces the open list (docs/live-feed.md (Alarms)). */
  snapshotPart: z.number().int().min(0).optional(),
  alarms: z.array(alarmSchema),
});
export type AlarmsMessage = z.infer<typeof alarmsMessageSchema>;

/** Header rows of the CSV exports, in column order. */
export const alarmCsvColumns = [
  'id',
  'probeID',
  'event',
  'eventType',
  'state',
  'raisedAt',
  'clearedAt',
  'raisedMessage',
  'lastMessage',
  'peak',
  'stageId',
  'stage',
  'agvId',
  'agv',
  'packId',
  'pack',
  'suppressed',
  'acknowledgedAt',
  'acknowledgedBy',
  'ackComment',
  'shelvedUntil',
  'shelvedBy',
  'shelveReason',
] as const;
export const journalCsvColumns = [
  'id',
  'ts',
  'probeID',
  'event',
  'eventType',
  'eventString',
  'suppressed',
  'stageId',
  'stage',
  'agvId',
  'agv',
  'packId',
  'pack',
  'alarmId',
] as const;
