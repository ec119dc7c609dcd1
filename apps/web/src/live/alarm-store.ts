// Open alarms, live (docs/alarms.md (Web)): fed by the live feed alone, its alarms snapshot on each (re)connect and
// the `alarms` messages after it (docs/live-feed.md (Alarms)); nothing here asks GET /alarms. Plain TypeScript, read
// by React through use-alarms.ts.
import type { Alarm, AlarmsMessage } from '@bpm/protocol';
import { Holds } from './holds';

type Listener = () => void;

const isOpen = (a: Alarm) => a.state !== 'closed';
/**
 * Active, shown to someone and not acknowledged. An alarm the assignment suppressed after it was shown still waits
 * (a hot pack taken off its AGV before anyone acknowledged it is still a hot pack).
 */
export const isActiveUnacknowledged = (a: Pick<Alarm, 'state' | 'annunciated'>) => a.state === 'unacknowledged' && a.annunciated;
/** Cleared after it was shown, never acknowledged (a returned alarm was annunciated by definition). */
export const isReturned = (a: Pick<Alarm, 'state'>) => a.state === 'returned';
/** ISA-18.2's alarms awaiting acknowledgement, active or returned: what the top bar, the chime and the title count. */
export const needsAcknowledgement = (a: Alarm) => isActiveUnacknowledged(a) || isReturned(a);
const isActiveUnshelved = (a: Pick<Alarm, 'state' | 'clearedAt'>) => a.clearedAt === null && a.state !== 'shelved';
/**
 * Active and never shown: the probe's assignment has suppressed it from the start (a probe between packs misses its
 * CAN data), so nobody need act on it. The open list keeps these apart and its badge says "Suppressed" (docs/alarms.md,
 * Web). A shelved one is someone's choice, and shows as one.
 */
export const isNeverAnnunciated = (a: Pick<Alarm, 'annunciated' | 'state' | 'clearedAt'>) =>
  !a.annunciated && isActiveUnshelved(a);
/** Active, not shelved, and out of the probe's state because of its assignment: said under its message. */
export const isSuppressedByAssignment = (a: Pick<Alarm, 'suppressed' | 'state' | 'clearedAt'>) =>
  a.suppressed && isActiveUnshelved(a);

export class AlarmStore {
  private open = new Map<number, Alarm>();
  private listeners = new Set<Listener>();
  private annunciatedListeners = new Set<(alarm: Alarm) => void>();
  /** Built when read (the Alarms page, Probe Details), not at every live message: the dashboard only needs the count. */
  private list: Alarm[] | null = [];
  /** Kept as alarms come and go: counting the whole list at every live message grew with the open alarms. */
  private activeCount = 0;
  private returnedCount = 0;
  private isLoaded = false;
  /** Taken by holdNotifications; a change meanwhile is told when the last hold ends. */
  private readonly notificationHolds = new Holds(() => {
    if (this.changedWhileHeld) this.changed();
  });
  private changedWhileHeld = false;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Called for each alarm that the feed brings to need acknowledgement when it did not (the chime): a new one, but
   * also one the assignment stopped suppressing (an overheating pack between stages, put on an AGV) or back from a
   * shelve. Not for those a snapshot brings: a reconnection does not chime for the whole backlog.
   */
  onAnnunciated(listener: (alarm: Alarm) => void): () => void {
    this.annunciatedListeners.add(listener);
    return () => this.annunciatedListeners.delete(listener);
  }

  getOpen = (): Alarm[] => (this.list ??= [...this.open.values()]);
  /** Every alarm awaiting acknowledgement, active or returned. */
  getUnacknowledgedCount = (): number => this.activeCount + this.returnedCount;
  getActiveUnacknowledgedCount = (): number => this.activeCount;
  getReturnedCount = (): number => this.returnedCount;
  /** A snapshot has come: the open list is whole (before it, the Alarms page says it is loading). */
  getIsLoaded = (): boolean => this.isLoaded;

  /**
   * Applies live alarms at once but tells listeners of the change only when the returned function is called (or
   * after maxMs): the Probes table holds it while it renders its first rows in the background, since the top
   * bar's count re-rendering is an urgent update that makes React restart that render
   * (docs/decisions/dashboard.md#holds-while-the-first-rows-render).
   */
  holdNotifications(maxMs: number): () => void {
    return this.notificationHolds.take(maxMs);
  }

  /**
   * One `alarms` message of the feed. A snapshot's part 0 replaces the open list (what closed while the socket was
   * away goes), its later parts add to it, and none of them chime; any other message upserts its alarms, a closed
   * one leaving the list, and chimes for each that has come to need acknowledgement.
   */
  apply(message: Pick<AlarmsMessage, 'alarms' | 'snapshotPart'>): void {
    const isSnapshot = message.snapshotPart !== undefined;
    if (message.snapshotPart === 0) {
      this.open.clear();
      this.activeCount = 0;
      this.returnedCount = 0;
    }
    for (const alarm of message.alarms) {
      const before = this.open.get(alarm.id);
      const wasWaiting = before !== undefined && needsAcknowledgement(before);
      this.put(alarm);
      if (!isSnapshot && this.isLoaded && !wasWaiting && needsAcknowledgement(alarm))
        for (const listener of this.annunciatedListeners) listener(alarm);
    }
    if (isSnapshot) this.isLoaded = true;
    this.changed();
  }

  /**
   * Resolves once alarm `id` has left the open list or passes `test` (the live message of a change has been applied
   * and told), or after maxMs: what follows an acknowledgement waits for the list that shows it.
   */
  until(id: number, test: (alarm: Alarm) => boolean, maxMs = 5000): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        unsubscribe();
        clearTimeout(timer);
        resolve();
      };
      const check = () => {
        const alarm = this.open.get(id);
        if (alarm === undefined || test(alarm)) done();
      };
      const unsubscribe = this.subscribe(check);
      const timer = setTimeout(done, maxMs);
      check();
    });
  }

  reset(): void {
    this.open.clear();
    this.activeCount = 0;
    this.returnedCount = 0;
    this.isLoaded = false;
    this.changed();
  }

  private put(alarm: Alarm): void {
    const before = this.open.get(alarm.id);
    if (before) this.count(before, -1);
    if (isOpen(alarm)) {
      this.open.set(alarm.id, alarm);
      this.count(alarm, 1);
    } else this.open.delete(alarm.id);
  }

  private count(alarm: Alarm, by: 1 | -1): void {
    if (isActiveUnacknowledged(alarm)) this.activeCount += by;
    else if (isReturned(alarm)) this.returnedCount += by;
  }

  private changed(): void {
    this.list = null;
    this.changedWhileHeld = this.notificationHolds.isHeld;
    if (this.changedWhileHeld) return;
    for (const listener of this.listeners) listener();
  }
}

export const alarmStore = new AlarmStore();
