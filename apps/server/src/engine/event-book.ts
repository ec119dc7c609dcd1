// Raising events against a probe's active set: cancellation, persistence and the transient list of
// one update (docs/probe-data.md (Event catalogue)). Used while evaluating a single update; not shared state.
import { eventDefinition, formatEventMessage, type ProbeEvent } from '@bpm/protocol';
import { sharedEventWithMessage } from './shared-events.js';

/** The lists of an update that raised nothing (most of them): one shared, frozen list instead of two new ones per report. */
const noEvents: ProbeEvent[] = Object.freeze([]) as unknown as ProbeEvent[];

/**
 * A new active list is allocated at its exact length (concat, slice): filter() and push() leave spare
 * capacity (~180 B for one event instead of ~60 B), and the list is kept by the probe's record.
 */
export class EventBook {
  /** Active persistent events after this update (copied on the first change only: most updates raise nothing). */
  active: ProbeEvent[];
  /** Non-persistent events raised by this update: sent once, never kept. */
  transient: ProbeEvent[] = noEvents;
  /** Events that are new with this update (persistent ones not active before, and all transient). */
  raised: ProbeEvent[] = noEvents;
  private isCopied = false;

  constructor(active: ProbeEvent[]) {
    this.active = active;
  }

  has(code: number): boolean {
    return indexOfCode(this.active, code) >= 0;
  }

  hasAny(codes: readonly number[]): boolean {
    for (const event of this.active) if (codes.includes(event.event)) return true;
    return false;
  }

  raise(code: number, params?: Record<string, string | number>): void {
    const definition = eventDefinition(code);
    const eventString = formatEventMessage(code, params);
    if (definition.persistent) {
      const index = indexOfCode(this.active, code);
      if (index >= 0) {
        // Still active: refresh the message (the value moved) without announcing it as new. Unchanged (most
        // reports), nothing more is looked up or allocated.
        if (this.active[index]!.eventString === eventString) return;
        this.writableActive()[index] = sharedEventWithMessage(code, eventString);
        return;
      }
    }
    const event = sharedEventWithMessage(code, eventString);
    const cancelled = (e: ProbeEvent) => definition.cancels.includes(e.event);
    if (definition.persistent) {
      this.active = this.active.filter((e) => !cancelled(e)).concat([event]);
      this.isCopied = true;
    } else {
      if (this.active.some(cancelled)) {
        this.active = this.active.filter((e) => !cancelled(e)).slice();
        this.isCopied = true;
      }
      if (this.transient === noEvents) this.transient = [event];
      else this.transient.push(event);
    }
    if (this.raised === noEvents) this.raised = [event];
    else this.raised.push(event);
  }

  private writableActive(): ProbeEvent[] {
    if (!this.isCopied) {
      this.active = this.active.slice();
      this.isCopied = true;
    }
    return this.active;
  }
}

/** A loop rather than findIndex with an arrow: these run several times per report. */
function indexOfCode(events: readonly ProbeEvent[], code: number): number {
  for (let i = 0; i < events.length; i += 1) if (events[i]!.event === code) return i;
  return -1;
}
