// What a probe's record says about the alarms of its active events (docs/alarms.md): each persistent event with
// an open alarm is published with that alarm's id, whether it is acknowledged and until when it is shelved.
// The record holds the alarms module's own list of the probe's open alarms, whose objects have these fields,
// rather than a copy of them: a whole-plant change opened an alarm on every probe and made a new list of
// mark objects per probe as well, objects that survived their scavenges beside the alarms they copied
// (docs/decisions/security.md#alarm-marks-are-the-open-alarms). The alarms module replaces that list, never changes it,
// so a record holds it safely; an alarm's acknowledgement and shelve are then read when the probe is built.

/** The fields of an open alarm that its event is published with. */
export interface AlarmMark {
  readonly event: number;
  readonly id: number;
  readonly acknowledgedAt: string | null;
  readonly shelvedUntil: string | null;
}

/**
 * A list, not an object keyed by event code: an integer key such as 32 gives an object a backing array of
 * 65 slots (~590 B per probe with an alarm, measured with bench/probe-heap.bench.ts).
 */
export type AlarmMarks = readonly AlarmMark[];

export function alarmMarkOf(marks: AlarmMarks | undefined, code: number): AlarmMark | undefined {
  if (marks === undefined) return undefined;
  for (const mark of marks) if (mark.event === code) return mark;
  return undefined;
}

/** As the snapshot stores a mark: these four fields only (the alarm's other fields live in the alarms table). */
export function storedMarks(marks: AlarmMarks): AlarmMark[] {
  return marks.map((m) => ({ event: m.event, id: m.id, acknowledgedAt: m.acknowledgedAt, shelvedUntil: m.shelvedUntil }));
}

/** Do two lists publish the same marks? (After a restart, the alarms module's list against the restored one.) */
export function sameMarks(a: AlarmMarks | undefined, b: AlarmMarks | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((m, i) => {
    const n = b[i]!;
    return m.event === n.event && m.id === n.id && m.acknowledgedAt === n.acknowledgedAt && m.shelvedUntil === n.shelvedUntil;
  });
}

/** The two forms stored before this one: a list with `alarmId` and `acknowledged`, and before it an object keyed by code. */
interface OldStoredMark {
  alarmId: number;
  acknowledged: boolean;
  shelvedUntil: string | null;
}
export type StoredMarks = AlarmMark[] | Array<OldStoredMark & { event: number }> | Record<string, OldStoredMark>;

/**
 * An old form knew whether an alarm was acknowledged, not when: this stands for the time (only whether it is
 * null is published with the probe), until the alarms module, at start, puts its own alarms in the record.
 */
export const unknownAcknowledgementTime = '';

/** Marks read back from a snapshot row in any of its three forms. */
export function restoredMarks(stored: StoredMarks | undefined): AlarmMarks | undefined {
  if (stored === undefined) return undefined;
  const list: Array<AlarmMark | (OldStoredMark & { event: number })> = Array.isArray(stored)
    ? stored
    : Object.entries(stored).map(([code, mark]) => ({ event: Number(code), ...mark }));
  return list.map((m) =>
    'alarmId' in m
      ? {
          event: m.event,
          id: m.alarmId,
          acknowledgedAt: m.acknowledged ? unknownAcknowledgementTime : null,
          shelvedUntil: m.shelvedUntil,
        }
      : { event: m.event, id: m.id, acknowledgedAt: m.acknowledgedAt, shelvedUntil: m.shelvedUntil },
  );
}
