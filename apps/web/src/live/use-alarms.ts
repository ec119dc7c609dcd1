// Hooks over the open-alarm store: the list (Alarms page) and the unacknowledged count (top bar).
import type { Alarm } from '@bpm/protocol';
import { useSyncExternalStore } from 'react';
import { alarmStore } from './alarm-store';

export function useOpenAlarms(): Alarm[] {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getOpen);
}

export function useUnacknowledgedCount(): number {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getUnacknowledgedCount);
}

export function useAlarmsLoaded(): boolean {
  return useSyncExternalStore(alarmStore.subscribe, alarmStore.getIsLoaded);
}
