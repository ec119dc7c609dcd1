// State derivation and the published Probe shape (docs/data-model.md (Probe), docs/probe-data.md (Probe state)).
import { stateNumbers, type Probe, type ProbeEvent, type StateString } from '@bpm/protocol';
import { isExpectingCANData, isMonitoring, type ProbeRecord } from './probe-record.js';
import { partitionEvents } from './suppression.js';

/** Critical if any current event is Critical, else Warning if any is Warning, else Normal. */
export function deriveState(currentEvents: readonly ProbeEvent[]): StateString {
  let state: StateString = 'Normal';
  for (const event of currentEvents) {
    if (event.eventType === 'Critical') return 'Critical';
    if (event.eventType === 'Warning') state = 'Warning';
  }
  return state;
}

/** The state alone, without building the Probe (metrics count probes by state). */
export function stateOf(record: ProbeRecord): StateString {
  return deriveState(partitionEvents(record.active, record.assignment, record.alarms).events);
}

/**
 * The last watchdog expiry formatted, kept: a batch's reports share one receipt time, hence one expiry, so
 * a flush (which builds each changed probe) formats the same time probe after probe.
 */
let lastExpiryMs = Number.NaN;
let lastExpiryIso = '';
function expiryIso(ms: number): string {
  if (ms !== lastExpiryMs) {
    lastExpiryIso = new Date(ms).toISOString();
    lastExpiryMs = ms;
  }
  return lastExpiryIso;
}

/** The probe as clients see it: active persistent events plus the transient ones of this update. */
export function toProbe(record: ProbeRecord, transient: readonly ProbeEvent[] = []): Probe {
  const { events, suppressedEvents } = partitionEvents(
    transient.length === 0 ? record.active : [...record.active, ...transient],
    record.assignment,
    record.alarms,
  );
  const stateString = deriveState(events);
  const assignment = record.assignment;
  return {
    probeID: record.probeID,
    firmwareVersion: record.firmwareVersion,
    state: { state: stateNumbers[stateString], stateString },
    watchdogExpiry: expiryIso(record.watchdogExpiryMs),
    isMonitoring: isMonitoring(assignment),
    expectingCANData: isExpectingCANData(assignment),
    assignment: {
      buildStage: assignment?.buildStage ?? null,
      agv: assignment?.agv ?? null,
      batteryPack: assignment?.batteryPack ?? null,
    },
    report: record.report,
    batteryPercentage: record.batteryPercentage ?? 0,
    batteryCharging: record.batteryCharging,
    longitude: record.longitude,
    latitude: record.latitude,
    events,
    suppressedEvents,
  };
}
