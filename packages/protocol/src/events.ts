// Probe events as they travel (docs/data-model.md (Event)): the catalogue (event-catalogue.ts) and the schema.
import { z } from 'zod';
import { eventDefinition, eventTypes, formatEventMessage } from './event-catalogue.js';

export * from './event-catalogue.js';

export const eventTypeSchema = z.enum(eventTypes);

/** An event as it travels in a probe's events / suppressedEvents (docs/data-model.md (Event)). */
export const probeEventSchema = z.object({
  event: z.number().int(),
  eventString: z.string(),
  eventType: eventTypeSchema,
  eventPersistent: z.boolean(),
  eventsCancelled: z.array(z.object({ id: z.number().int() })),
  /** Persistent events only (docs/alarms.md): the alarm of this episode, acknowledged, shelved until. */
  alarmId: z.number().int().optional(),
  acknowledged: z.boolean().optional(),
  shelvedUntil: z.string().nullable().optional(),
});
export type ProbeEvent = z.infer<typeof probeEventSchema>;

export function makeProbeEvent(code: number, params?: Record<string, string | number>): ProbeEvent {
  const d = eventDefinition(code);
  return {
    event: d.code,
    eventString: formatEventMessage(code, params),
    eventType: d.type,
    eventPersistent: d.persistent,
    eventsCancelled: d.cancels.map((id) => ({ id })),
  };
}
