// Hooks over the open-alarm store: the list (Alarms page) and the unacknowledged count (top bar).
import type { Alarm } from '@bpm/protocol';
import { useSyncExternalStore } from 'react';
import { alarmStore } from './alarm-store';

export function useOpenAlarms(): Alarm[] {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getOpen);
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
