// The alarms stream of the live feed (docs/live-feed.md (Alarms)): the hub keeps the open alarms, so that a
// socket's snapshot carries them on connect, and the alarms changed since the last flush, which every socket
// gets with the next flush. What a client holds is the snapshot with every later `alarms` message applied on
// top: it never asks GET /alarms for the open list (docs/decisions/alarms.md#open-alarms-from-the-feed).
import type { Alarm } from '@bpm/protocol';
import { AscendingIdMap } from '../../ascending-id-map.js';
import type { TurnBudget } from '../../event-loop-turns.js';
import { alarmsMessage } from './live-messages.js';
import { maxProbesPerSlice } from './live-slices.js';

/** Unacknowledged, acknowledged, returned or shelved (docs/alarms.md (Alarms)): what the snapshot carries. */
const isOpen = (alarm: Alarm) => alarm.state !== 'closed';

/** An open alarm, and its JSON once a flush or a snapshot has made it (until the alarm changes again). */
interface OpenAlarm {
  alarm: Alarm;
  json: string | null;
}

/** An alarms snapshot written a part at a time (LiveAlarms.snapshotParts). */
export interface AlarmSnapshotParts {
  /** The next part, null after the last. */
  next(): Buffer | null;
  hasMore(): boolean;
}

export class LiveAlarms {
  /**
   * Every open alarm in its latest published state, by id, oldest first (a new alarm has a higher id; a changed one
   * keeps its place). Each keeps the JSON text its flush made, so that a connect only writes the texts into the
   * messages (one by one: joined, a "°" makes the whole string two-byte before it is encoded). Serialising a
   * 10,000-alarm backlog (5.8 MB) at each connect held the loop for 25–160 ms on this shared machine, joining the
   * texts 34–49 ms. Texts, not Buffers: a small Buffer is a slice of a shared 8 KB pool, which it keeps alive.
   */
  private readonly open = new AscendingIdMap<OpenAlarm>();
  /** Alarms created or changed since the last flush, latest per id. */
  private readonly changed = new Map<number, Alarm>();

  get changedCount(): number {
    return this.changed.size;
  }

  /** The open alarms now, oldest first (the engine's state for the other instances of a cluster). */
  openAlarms(): Alarm[] {
    return this.open.values().map((open) => open.alarm);
  }

  publish(alarms: readonly Alarm[]): void {
    for (const alarm of alarms) {
      this.changed.set(alarm.id, alarm);
      if (isOpen(alarm)) this.open.set(alarm.id, { alarm, json: null });
      else this.open.delete(alarm.id);
    }
  }

  /**
   * The open list from a source of truth (the database at the engine's start, the engine's state in a cluster):
   * it replaces what the hub held. Changes not yet flushed are dropped, since the list is newer than each of them
   * (a client sent them after it would go back in time); the caller sends every socket the new snapshot.
   */
  restore(alarms: readonly Alarm[]): void {
    this.open.clear();
    this.changed.clear();
    const sorted = alarms.filter(isOpen).sort((a, b) => a.id - b.id);
    for (const alarm of sorted) this.open.set(alarm.id, { alarm, json: null });
  }

  /**
   * The snapshot: every open alarm, in messages of at most maxProbesPerSlice alarms, numbered by `snapshotPart`
   * from 0. Part 0 replaces the client's open list, the rest add to it; there is always a part 0, empty when no
   * alarm is open, so that a reconnected client drops what closed while it was away.
   */
  snapshotMessages(): Buffer[] {
    const parts = this.snapshotParts();
    const messages: Buffer[] = [];
    for (let part = parts.next(); part !== null; part = parts.next()) messages.push(part);
    return messages;
  }

  /**
   * The snapshot a part at a time: each call writes the next part (null after the last) of the alarms open when the
   * snapshot was asked for, each in its state at that call and left out once closed (what changes meanwhile goes
   * to every socket with the flushes). A connect writes part 0 and the hub the rest one a turn: a 100,000-alarm
   * backlog written whole held the loop ~250 ms (docs/decisions/security.md#alarm-snapshot-in-slices).
   */
  snapshotParts(): AlarmSnapshotParts {
    const ids = this.open.keys();
    let start = 0;
    let part = 0;
    // Part 0 goes even when no alarm is open.
    const hasMore = () => part === 0 || start < ids.length;
    return {
      next: () => {
        if (!hasMore()) return null;
        const texts: string[] = [];
        for (; start < ids.length && texts.length < maxProbesPerSlice; start += 1) {
          const open = this.open.get(ids[start]!);
          if (open) texts.push((open.json ??= JSON.stringify(open.alarm)));
        }
        return alarmsMessage(texts, part++);
      },
      hasMore,
    };
  }

  /**
   * One flush's `alarms` message: at most maxProbesPerSlice changed alarms, fewer when the flush's budget is spent
   * (each is serialised in the loop, so that the budget counts it); the rest go with the next slice.
   */
  takeChanged(budget: TurnBudget): Buffer | undefined {
    if (this.changed.size === 0) return undefined;
    const alarms: string[] = [];
    for (const [id, alarm] of this.changed) {
      const json = JSON.stringify(alarm);
      alarms.push(json);
      const open = this.open.get(id);
      if (open?.alarm === alarm) open.json = json;
      this.changed.delete(id);
      if (alarms.length === maxProbesPerSlice || budget.spent()) break;
    }
    return alarmsMessage(alarms);
  }
}
