// One probe in the live store and the rules a report applies to it (docs/probe-data.md): the state counts, the
// last valid readings, the temperature history, the event lists and the watchdog's reset or alert.
import type { Probe } from '@bpm/protocol';
import { applyProbeEvents, carriesWatchdogAlert, type ProbeEventLists } from './probe-events';
import { canData, thermocoupleData } from './readings';
import { TemperatureHistory } from './temperature-history';

export interface ProbeCounts {
  total: number;
  normal: number;
  warning: number;
  critical: number;
}

export interface ProbeEntry {
  probe: Probe;
  lists: ProbeEventLists;
  /** Last valid external (thermocouple) and internal (CAN) temperatures, kept across invalid reports. */
  lastValidExternal: number | null;
  lastValidInternal: number | null;
  /** Tick of the shared clock at which the watchdog was last reset, and whether event 0 alerted it. */
  watchdogResetTick: number;
  watchdogAlertedByEvent: boolean;
  history: TemperatureHistory;
  /** Bumped on every change the row can show; React compares this, not the entry. */
  version: number;
}

export const zeroCounts: ProbeCounts = { total: 0, normal: 0, warning: 0, critical: 0 };
type CountedState = 'normal' | 'warning' | 'critical';
const countedStates: Record<string, CountedState> = { Normal: 'normal', Warning: 'warning', Critical: 'critical' };

/** Adds (or takes away) one probe in `stateString` to the counts; states other than the three counted are not. */
export function countState(counts: ProbeCounts, stateString: string, delta: 1 | -1): void {
  const key = countedStates[stateString];
  if (key) counts[key] += delta;
}

export const isCountedState = (stateString: string): boolean => countedStates[stateString] !== undefined;

/** A probe seen for the first time, its watchdog reset at `tick`. */
export function newProbeEntry(probe: Probe, tick: number): ProbeEntry {
  return {
    probe,
    lists: { current: new Map(), suppressed: new Map() },
    lastValidExternal: null,
    lastValidInternal: null,
    watchdogResetTick: tick,
    watchdogAlertedByEvent: false,
    history: new TemperatureHistory(),
    version: 0,
  };
}

/**
 * Applies `entry.probe`'s report at `tick`: readings, history (at `elapsedMs` since the store started), events and
 * watchdog. Returns true when the report carries a non-persistent event, which must expire transientEventTicks later.
 */
export function applyReport(entry: ProbeEntry, tick: number, elapsedMs: number): boolean {
  const { probe } = entry;
  const internal = canData(probe);
  const external = thermocoupleData(probe);
  if (internal.valid) entry.lastValidInternal = internal.temperature;
  if (external.valid) entry.lastValidExternal = external.temperature;
  entry.history.record(elapsedMs, internal.valid ? internal.temperature : null, external.valid ? external.temperature : null);

  applyProbeEvents(entry.lists, probe.events, probe.suppressedEvents, tick);
  // docs/probe-data.md (Client watchdog) "On each probe update": event 0 alerts it, anything else resets it.
  if (carriesWatchdogAlert(probe.events, probe.suppressedEvents)) {
    entry.watchdogAlertedByEvent = true;
  } else {
    entry.watchdogAlertedByEvent = false;
    entry.watchdogResetTick = tick;
  }
  entry.version += 1;
  return probe.events.some((e) => !e.eventPersistent) || probe.suppressedEvents.some((e) => !e.eventPersistent);
}
