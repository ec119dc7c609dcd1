// The live feed's messages other than probe data (docs/live-feed.md): the same JSON for every socket.
import type { Probe, ProbeEvent, SystemInfo } from '@bpm/protocol';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { jsonArrayMessage } from './snapshot-frames.js';

export function systemConfigMessage(systemInfo: SystemInfo | null): Buffer {
  return Buffer.from(JSON.stringify({ messageType: 'systemConfig', systemInfo }));
}

export function probeDeletionMessage(probeIDs: readonly string[]): Buffer {
  return Buffer.from(JSON.stringify({ messageType: 'probeDeletion', probes: probeIDs.map((probeID) => ({ probeID })) }));
}

/**
 * An `alarms` message from alarms already serialised one by one; a snapshot's carry their part number
 * (docs/live-feed.md (Alarms)).
 */
export function alarmsMessage(alarmJsons: readonly (string | Buffer)[], snapshotPart?: number): Buffer {
  const part = snapshotPart === undefined ? '' : `"snapshotPart":${snapshotPart},`;
  return jsonArrayMessage(Buffer.from(`{"messageType":"alarms",${part}"alarms":[`), alarmJsons);
}

/**
 * Coalescing keeps the transient events raised since the last flush: an update that is replaced before it
 * is sent must not take its "reporting again" or "back in range" with it. They go first, so that the latest
 * state's persistent events come after them (clients apply events in order).
 */
export function withEarlierTransients(update: PublishedProbe, earlier: Probe): PublishedProbe {
  const transient = (e: ProbeEvent) => !e.eventPersistent;
  const earlierEvents = earlier.events.filter(transient);
  const earlierSuppressed = earlier.suppressedEvents.filter(transient);
  const probe = update.probe;
  const merged: Probe = {
    ...probe,
    events: [...earlierEvents, ...probe.events],
    suppressedEvents: [...earlierSuppressed, ...probe.suppressedEvents],
  };
  return { probeID: update.probeID, probe: merged, hasTransient: true };
}
