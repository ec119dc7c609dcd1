// Events as kept in probe records are shared, frozen objects (docs/decisions/security.md#shared-frozen-events):
// at 100,000 probes the same few messages ("Thermocouple reading invalid", "Battery 80.0% at or below
// warning 85%") were 100,000 separate objects, strings and eventsCancelled arrays (~250 B per event,
// measured with bench/probe-heap.bench.ts), all old-generation work for the garbage collector.
import { eventDefinition, formatEventMessage, type ProbeEvent } from '@bpm/protocol';

/** Distinct messages kept per event code; past it the code's table starts again (values differ by probe). */
const maxMessagesPerCode = 1000;
const byCode = new Map<number, Map<string, ProbeEvent>>();
const cancelledByCode = new Map<number, ProbeEvent['eventsCancelled']>();

function eventsCancelled(code: number): ProbeEvent['eventsCancelled'] {
  let cancelled = cancelledByCode.get(code);
  if (!cancelled) {
    cancelled = Object.freeze(eventDefinition(code).cancels.map((id) => Object.freeze({ id }))) as ProbeEvent['eventsCancelled'];
    cancelledByCode.set(code, cancelled);
  }
  return cancelled;
}

/** The event `code` with its message: one frozen object per distinct message, shared by every probe. */
export function sharedEvent(code: number, params?: Record<string, string | number>): ProbeEvent {
  return sharedEventWithMessage(code, formatEventMessage(code, params));
}

/** The same for a stored event (a record restored from the snapshot). */
export function sharedStoredEvent(event: ProbeEvent): ProbeEvent {
  return sharedEventWithMessage(event.event, event.eventString);
}

/** The event `code` with this message, already formatted (EventBook compares the message first). */
export function sharedEventWithMessage(code: number, eventString: string): ProbeEvent {
  let messages = byCode.get(code);
  if (!messages) byCode.set(code, (messages = new Map()));
  let event = messages.get(eventString);
  if (event) return event;
  if (messages.size >= maxMessagesPerCode) messages.clear();
  const d = eventDefinition(code);
  event = Object.freeze({
    event: d.code,
    eventString,
    eventType: d.type,
    eventPersistent: d.persistent,
    eventsCancelled: eventsCancelled(code),
  });
  messages.set(eventString, event);
  return event;
}
