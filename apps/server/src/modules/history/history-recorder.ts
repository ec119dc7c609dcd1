// The open minute of every probe, in memory (docs/history.md). A report costs one Map lookup and a few
// comparisons; a minute leaves memory when the probe's next report falls in a later minute or when the
// clock's minute has moved past it (sweep), and waits in `finished` for the writer.
import type { Assignment, Reading } from '@bpm/protocol';
import { nextTurn, TurnBudget } from '../../event-loop-turns.js';
import { addReport, openMinute, toMinute, type OpenMinute } from './history-aggregate.js';

export class HistoryRecorder {
  private readonly open = new Map<string, OpenMinute>();
  private finished: OpenMinute[] = [];
  /**
   * At most the earliest open minute: a sweep before the clock has passed it has nothing to finish and walks
   * nothing. Walking 100,000 open minutes every second to find none allocated ~10 MB of iterator garbage each
   * time (docs/decisions/security.md#history-sweep-lower-bound). Lowered by every minute opened; set
   * from a whole walk's survivors and the minutes opened meanwhile, when no other walk began during it.
   */
  private earliestOpen = Number.POSITIVE_INFINITY;
  private openedLowest = Number.POSITIVE_INFINITY;
  private walks = 0;

  /** One accepted report at `atMs` (server time of receipt; the backfill passes its own times). */
  record(
    probeID: string,
    atMs: number,
    readings: readonly Reading[],
    battery: number | null,
    assignment: Assignment | null,
  ): void {
    const minute = toMinute(atMs);
    let current = this.open.get(probeID);
    if (current === undefined || current.minute !== minute) {
      // A minute never reopens: a report stamped before the open minute (a clock step back) is dropped.
      if (current !== undefined && minute < current.minute) return;
      if (current !== undefined) this.finished.push(current);
      current = openMinute(probeID, minute);
      this.open.set(probeID, current);
      if (minute < this.earliestOpen) this.earliestOpen = minute;
      if (minute < this.openedLowest) this.openedLowest = minute;
    }
    addReport(current, readings, battery, assignment);
  }

  /**
   * Finishes every open minute before the clock's minute (probes that stopped reporting included), in pieces
   * with a turn of the event loop between them. A report meanwhile finishes its own probe's minute as usual;
   * the walk skips a minute that is no longer before the clock's, so each minute finishes once, in order.
   */
  async sweep(nowMs: number): Promise<void> {
    const minute = toMinute(nowMs);
    if (minute <= this.earliestOpen) return;
    const walk = ++this.walks;
    this.openedLowest = Number.POSITIVE_INFINITY;
    let kept = Number.POSITIVE_INFINITY;
    let budget = new TurnBudget();
    for (const current of this.open.values()) {
      if (budget.spent()) {
        await nextTurn();
        budget = new TurnBudget();
        // The entry may have moved on while the loop was given back (a report, or finishAll at shutdown).
        if (this.open.get(current.probeID) !== current) continue;
      }
      if (current.minute >= minute) {
        if (current.minute < kept) kept = current.minute;
        continue;
      }
      this.finished.push(current);
      this.open.delete(current.probeID);
    }
    if (walk === this.walks) this.earliestOpen = Math.min(kept, this.openedLowest);
  }

  /** Finishes every open minute, current ones included (shutdown: a graceful restart loses nothing written). */
  finishAll(): void {
    for (const current of this.open.values()) this.finished.push(current);
    this.open.clear();
    this.earliestOpen = Number.POSITIVE_INFINITY;
  }

  /** Finished minutes in the order they finished (each probe's in minute order); the list is handed over. */
  takeFinished(): OpenMinute[] {
    const taken = this.finished;
    this.finished = [];
    return taken;
  }

  openMinuteOf(probeID: string): OpenMinute | undefined {
    return this.open.get(probeID);
  }

  openMinutes(): IterableIterator<OpenMinute> {
    return this.open.values();
  }
}
