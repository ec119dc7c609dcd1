// The alarms in memory (docs/alarms.md): which persistent event of which probe is an open episode,
// its peak and messages, and the marks its probe's events carry. It sees every probe update on the
// hot path, so an update that raises nothing on a probe without alarms costs two comparisons; the
// journal entries and changed alarms it produces go to a sink (batched writes, live messages).
import {
  eventDefinition,
  type Alarm,
  type AlarmState,
  type Assignment,
  type ProbeAssignment,
  type ProbeEvent,
  type UserRef,
} from '@bpm/protocol';
import { AscendingIdMap } from '../../ascending-id-map.js';
import { withRecord, type Evaluation } from '../../engine/evaluation.js';
import type { AlarmMarks } from '../../engine/alarm-marks.js';
import { probeRecord, type ProbeRecord } from '../../engine/probe-record.js';
import { isSuppressed } from '../../engine/suppression.js';
import { systemAlarmEpisode } from './system-alarm.js';

/** An alarm as kept by the server: the published fields (but state) plus what state derives from. */
export interface AlarmEpisode extends Omit<Alarm, 'state'> {
  /** Has it ever been current? Only those need acknowledgement (closed, not returned, when cleared). */
  annunciated: boolean;
  ackDelayMs: number | null;
}

export interface NewJournalEntry {
  ts: string;
  probeID: string;
  event: number;
  eventType: ProbeEvent['eventType'];
  eventString: string;
  suppressed: boolean;
  assignment: ProbeAssignment | null;
  alarmId: number | null;
}

export interface AlarmSink {
  journal(entry: NewJournalEntry): void;
  /** `onlyMessage`: an active alarm's last message is all that changed (its write may wait: journal-writer.ts). */
  alarmChanged(alarm: AlarmEpisode, onlyMessage?: boolean): void;
}

/**
 * A probe's open alarms: a short list (one per active persistent event, a handful at most) rather than a
 * Map, which cost ~200 B more per probe with an alarm (bench/probe-heap.bench.ts).
 */
interface ProbeAlarms {
  assignment: Assignment | null;
  /** What the alarms record of the assignment (shared while the assignment object stays the same). */
  moment: ProbeAssignment | null;
  /** Replaced on every change, never changed: the probe's record holds it as its alarm marks (marksOf). */
  episodes: readonly AlarmEpisode[];
}

const episodeOf = (probe: ProbeAlarms | undefined, code: number) => probe?.episodes.find((a) => a.event === code);

/** The active event with this code (a loop: observe runs on every report of a probe with an alarm). */
function activeEvent(active: readonly ProbeEvent[], code: number): ProbeEvent | undefined {
  for (const event of active) if (event.event === code) return event;
  return undefined;
}

export function alarmState(a: Pick<AlarmEpisode, 'clearedAt' | 'shelvedUntil' | 'acknowledgedAt' | 'annunciated'>): AlarmState {
  if (a.clearedAt === null) {
    if (a.shelvedUntil !== null) return 'shelved';
    return a.acknowledgedAt !== null ? 'acknowledged' : 'unacknowledged';
  }
  return a.acknowledgedAt !== null || !a.annunciated ? 'closed' : 'returned';
}

/** One object per call (a rest copy then a spread made two; a whole-plant change makes 100,000 of them). */
export function toAlarm(e: AlarmEpisode): Alarm {
  return {
    id: e.id,
    probeID: e.probeID,
    event: e.event,
    eventType: e.eventType,
    raisedAt: e.raisedAt,
    raisedMessage: e.raisedMessage,
    lastMessage: e.lastMessage,
    peak: e.peak,
    assignment: e.assignment,
    suppressed: e.suppressed,
    annunciated: e.annunciated,
    clearedAt: e.clearedAt,
    acknowledgedAt: e.acknowledgedAt,
    acknowledgedBy: e.acknowledgedBy,
    ackComment: e.ackComment,
    shelvedUntil: e.shelvedUntil,
    shelvedBy: e.shelvedBy,
    shelveReason: e.shelveReason,
    state: alarmState(e),
  };
}

export function assignmentAtMoment(assignment: Assignment | null): ProbeAssignment | null {
  if (assignment === null) return null;
  return { buildStage: assignment.buildStage, agv: assignment.agv, batteryPack: assignment.batteryPack };
}

/** The most extreme temperature for 10–13 (valid readings), the lowest battery for 20–21, else null. */
export function peakOf(code: number, record: ProbeRecord, previous: number | null): number | null {
  let value: number | null = null;
  if (code >= 10 && code <= 13) {
    const isHigh = code <= 11;
    for (const r of record.report?.readings ?? []) {
      if (!r.valid) continue;
      if (value === null || (isHigh ? r.temperature > value : r.temperature < value)) value = r.temperature;
    }
    if (value === null) return previous;
    if (previous === null) return value;
    return isHigh ? Math.max(previous, value) : Math.min(previous, value);
  }
  if (code === 20 || code === 21) {
    value = record.batteryPercentage;
    if (value === null) return previous;
    return previous === null ? value : Math.min(previous, value);
  }
  return null;
}

export class AlarmTracker {
  private readonly byProbe = new Map<string, ProbeAlarms>();
  private readonly byId = new AscendingIdMap<AlarmEpisode>();
  /**
   * The active alarms that are shelved, which the once-a-second shelve expiry walks instead of every active
   * alarm (200,000 after a whole-plant change: 7–31 ms of CPU a second; docs/security.md "Probe data bounds").
   */
  private readonly shelved = new Set<AlarmEpisode>();
  /** The last timestamp made, reused for the same millisecond: a whole-plant pass opens 100,000 alarms with one string. */
  private lastTs = { ms: Number.NaN, iso: '' };

  constructor(
    private readonly sink: AlarmSink,
    private nextId: number,
  ) {}

  /** An active alarm (open in memory), by id. */
  get(id: number): AlarmEpisode | undefined {
    return this.byId.get(id);
  }

  /** The active alarms, oldest first (a copy). */
  active(): AlarmEpisode[] {
    return this.byId.values();
  }

  /**
   * The marks a probe's record should carry now (undefined: no active alarm): the probe's list of open alarms
   * itself, which add and close replace rather than change (engine/alarm-marks.ts).
   */
  marksOf(probeID: string): AlarmMarks | undefined {
    const probe = this.byProbe.get(probeID);
    if (!probe || probe.episodes.length === 0) return undefined;
    return probe.episodes;
  }

  /**
   * After a restart: the alarms that were active in the database are matched with the restored
   * records' active events by probe and code and keep their id; an event without one opens a new
   * alarm; an alarm whose event is gone is cleared at `nowMs`.
   */
  restore(stored: readonly AlarmEpisode[], records: Iterable<ProbeRecord>, nowMs: number): void {
    const ts = this.isoAt(nowMs);
    const storedByKey = new Map(stored.map((a) => [`${a.probeID}\u0000${a.event}`, a]));
    for (const record of records) {
      for (const event of record.active) {
        const key = `${record.probeID}\u0000${event.event}`;
        const existing = storedByKey.get(key);
        storedByKey.delete(key);
        if (existing) {
          this.add(record.probeID, record.assignment, existing);
          this.refresh(existing, record, event.eventString);
        } else {
          this.open(record, event, ts);
        }
      }
    }
    for (const orphan of storedByKey.values()) {
      orphan.clearedAt = ts;
      this.sink.alarmChanged(orphan);
    }
  }

  observe(previous: ProbeRecord | undefined, evaluation: Evaluation, nowMs: number): Evaluation {
    const next = evaluation.record;
    const probe = this.byProbe.get(next.probeID);
    // The common case: nothing raised, no alarm on this probe.
    if (probe === undefined && evaluation.raised.length === 0 && (next.active.length === 0 || next.active === previous?.active))
      return evaluation;

    // The time is made only when an alarm opens, closes or is journalled (most reports of a probe with an
    // alarm do none), by isoAt, which reuses it: no closure and context allocated per report.
    let isOpenSetChanged = false;
    for (const event of evaluation.raised) {
      const definition = eventDefinition(event.event);
      let alarmId: number | null = null;
      if (definition.persistent) {
        // Raised again within this update (cancelled and raised): the earlier episode ends first.
        const earlier = episodeOf(this.byProbe.get(next.probeID), event.event);
        if (earlier) this.close(earlier, this.isoAt(nowMs));
        alarmId = this.open(next, event, this.isoAt(nowMs)).id;
        isOpenSetChanged = true;
      } else {
        for (const code of definition.cancels) {
          const cancelled = episodeOf(this.byProbe.get(next.probeID), code);
          if (cancelled && !next.active.some((e) => e.event === code)) {
            alarmId ??= cancelled.id;
            this.close(cancelled, this.isoAt(nowMs));
            isOpenSetChanged = true;
          }
        }
      }
      this.sink.journal({
        ts: this.isoAt(nowMs),
        probeID: next.probeID,
        event: event.event,
        eventType: event.eventType,
        eventString: event.eventString,
        suppressed: isSuppressed(event.event, next.assignment),
        assignment: this.momentOf(next),
        alarmId,
      });
    }
    const current = this.byProbe.get(next.probeID);
    if (current) {
      if (current.assignment !== next.assignment) {
        current.assignment = next.assignment;
        current.moment = assignmentAtMoment(next.assignment);
      }
      // close() replaces the list rather than changing it, so this loop needs no copy of it.
      for (const episode of current.episodes) {
        const event = activeEvent(next.active, episode.event);
        if (event === undefined) {
          this.close(episode, this.isoAt(nowMs)); // cancelled by another persistent event (e.g. 10 by 11)
          isOpenSetChanged = true;
          continue;
        }
        this.refresh(episode, next, event.eventString);
      }
    }
    if (!isOpenSetChanged) return evaluation;
    return withRecord(evaluation, probeRecord({ ...next, alarms: this.marksOf(next.probeID) }));
  }

  /** docs/alarms.md "System alarm": one alarm (at once `returned`) and one journal entry, of no probe. */
  raiseSystemAlarm(fromMs: number, toMs: number, clockTime: (ms: number) => string): AlarmEpisode {
    const { episode, entry } = systemAlarmEpisode(this.nextId++, fromMs, toMs, clockTime);
    this.sink.alarmChanged(episode);
    this.sink.journal(entry);
    return episode;
  }

  probeDeleted(probeID: string, nowMs: number): void {
    const probe = this.byProbe.get(probeID);
    if (!probe) return;
    const ts = this.isoAt(nowMs);
    for (const episode of [...probe.episodes]) this.close(episode, ts);
  }

  /** False when it was acknowledged already (nothing changes). */
  acknowledge(episode: AlarmEpisode, by: UserRef, comment: string | undefined, nowMs: number): boolean {
    if (episode.acknowledgedAt !== null) return false;
    episode.acknowledgedAt = new Date(nowMs).toISOString();
    episode.acknowledgedBy = by;
    episode.ackComment = comment ?? null;
    episode.ackDelayMs = Math.max(0, nowMs - Date.parse(episode.raisedAt));
    this.sink.alarmChanged(episode);
    return true;
  }

  shelve(episode: AlarmEpisode, by: UserRef, minutes: number, reason: string, nowMs: number): void {
    episode.shelvedUntil = new Date(nowMs + minutes * 60_000).toISOString();
    this.shelved.add(episode);
    episode.shelvedBy = by;
    episode.shelveReason = reason;
    episode.suppressed = true;
    this.sink.alarmChanged(episode);
  }

  /** Back to annunciation, unacknowledged (docs/alarms.md). False when it was not shelved. */
  unshelve(episode: AlarmEpisode): boolean {
    if (episode.shelvedUntil === null) return false;
    episode.shelvedUntil = null;
    this.shelved.delete(episode);
    episode.acknowledgedAt = null;
    episode.acknowledgedBy = null;
    episode.ackComment = null;
    episode.ackDelayMs = null;
    const assignment = this.byProbe.get(episode.probeID)?.assignment ?? null;
    episode.suppressed = isSuppressed(episode.event, assignment);
    if (!episode.suppressed) episode.annunciated = true;
    this.sink.alarmChanged(episode);
    return true;
  }

  /** Active alarms whose shelve has expired. */
  dueShelves(nowMs: number): AlarmEpisode[] {
    const due: AlarmEpisode[] = [];
    for (const a of this.shelved) if (a.shelvedUntil !== null && Date.parse(a.shelvedUntil) <= nowMs) due.push(a);
    return due;
  }

  private open(record: ProbeRecord, event: ProbeEvent, ts: string): AlarmEpisode {
    const suppressed = isSuppressed(event.event, record.assignment);
    const episode: AlarmEpisode = {
      id: this.nextId++,
      probeID: record.probeID,
      event: event.event,
      eventType: event.eventType,
      raisedAt: ts,
      raisedMessage: event.eventString,
      lastMessage: event.eventString,
      peak: peakOf(event.event, record, null),
      assignment: this.probeAlarms(record.probeID, record.assignment).moment,
      suppressed,
      clearedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      ackComment: null,
      shelvedUntil: null,
      shelvedBy: null,
      shelveReason: null,
      annunciated: !suppressed,
      ackDelayMs: null,
    };
    this.add(record.probeID, record.assignment, episode);
    this.sink.alarmChanged(episode);
    return episode;
  }

  private isoAt(ms: number): string {
    if (this.lastTs.ms !== ms) this.lastTs = { ms, iso: new Date(ms).toISOString() };
    return this.lastTs.iso;
  }

  /**
   * The assignment at this moment, shared with the probe's alarms when it is theirs: a journal entry waits
   * for the journal writer, and 100,000 own copies after a threshold change grew the heap that major GCs walk
   * (docs/security.md "Probe data bounds").
   */
  private momentOf(record: ProbeRecord): ProbeAssignment | null {
    const probe = this.byProbe.get(record.probeID);
    return probe !== undefined && probe.assignment === record.assignment ? probe.moment : assignmentAtMoment(record.assignment);
  }

  /** The probe's entry, created if needed, with its current assignment. */
  private probeAlarms(probeID: string, assignment: Assignment | null): ProbeAlarms {
    let probe = this.byProbe.get(probeID);
    if (!probe) {
      probe = { assignment, moment: assignmentAtMoment(assignment), episodes: [] };
      this.byProbe.set(probeID, probe);
    } else if (probe.assignment !== assignment) {
      probe.assignment = assignment;
      probe.moment = assignmentAtMoment(assignment);
    }
    return probe;
  }

  private add(probeID: string, assignment: Assignment | null, episode: AlarmEpisode): void {
    const probe = this.probeAlarms(probeID, assignment);
    // concat and filter + slice: lists of their exact length (they live as long as the alarm).
    probe.episodes = probe.episodes.filter((a) => a.event !== episode.event).concat([episode]);
    this.byId.set(episode.id, episode);
    if (episode.shelvedUntil !== null) this.shelved.add(episode);
  }

  private close(episode: AlarmEpisode, ts: string): void {
    episode.clearedAt = ts;
    this.byId.delete(episode.id);
    this.shelved.delete(episode);
    const probe = this.byProbe.get(episode.probeID);
    if (probe) {
      probe.episodes = probe.episodes.filter((a) => a.event !== episode.event).slice();
      if (probe.episodes.length === 0) this.byProbe.delete(episode.probeID);
    }
    this.sink.alarmChanged(episode);
  }

  /** Peak, message and suppression after an update of an alarm that stays active. */
  private refresh(episode: AlarmEpisode, record: ProbeRecord, message: string): void {
    const peak = peakOf(episode.event, record, episode.peak);
    const suppressed = episode.shelvedUntil !== null || isSuppressed(episode.event, record.assignment);
    const isMessageNew = message !== episode.lastMessage;
    const isOtherwiseChanged =
      peak !== episode.peak || suppressed !== episode.suppressed || (!suppressed && !episode.annunciated);
    episode.lastMessage = message;
    episode.peak = peak;
    episode.suppressed = suppressed;
    if (!suppressed) episode.annunciated = true;
    if (isOtherwiseChanged || isMessageNew) this.sink.alarmChanged(episode, !isOtherwiseChanged);
  }
}
