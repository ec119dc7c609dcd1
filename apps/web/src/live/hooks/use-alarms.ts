// Hooks over the open-alarm store: the list (Alarms page), a probe's (Probe Details) and the unacknowledged count (top bar).
import type { Alarm, AlarmState } from '@bpm/protocol';
import { useMemo, useSyncExternalStore } from 'react';
import { alarmStore, isNeverAnnunciated } from '../stores/alarm-store';

const stateRank: Record<AlarmState, number> = { unacknowledged: 0, returned: 1, acknowledged: 2, shelved: 3, closed: 4 };
const openRank = (a: Alarm) => (isNeverAnnunciated(a) ? 5 : stateRank[a.state]);

/** Unacknowledged first, then Critical first, then newest; those never annunciated (suppressed from the start) after all others. */
export function compareOpenAlarms(a: Alarm, b: Alarm): number {
  return (
    openRank(a) - openRank(b) ||
    Number(b.eventType === 'Critical') - Number(a.eventType === 'Critical') ||
    b.raisedAt.localeCompare(a.raisedAt) ||
    b.id - a.id
  );
}

export function useOpenAlarms(): Alarm[] {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getOpen);
}

/** One probe's open alarms in the Alarms page's order (Probe Details, docs/alarms.md (Web)). */
export function useProbeOpenAlarms(probeID: string): Alarm[] {
  const all = useOpenAlarms();
  return useMemo(() => all.filter((a) => a.probeID === probeID).sort(compareOpenAlarms), [all, probeID]);
}

/** Every alarm awaiting acknowledgement, active or returned (docs/alarms.md, Web: the top bar). */
export function useUnacknowledgedCount(): number {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getUnacknowledgedCount);
}

export function useActiveUnacknowledgedCount(): number {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getActiveUnacknowledgedCount);
}

export function useReturnedCount(): number {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getReturnedCount);
}

export function useAlarmsLoaded(): boolean {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getIsLoaded);
}
