// Per-probe subscriptions (docs/architecture.md (One probe report, end to end)): a row re-renders when its own probe's version changes, and a watchdog ring
// when the shared clock ticks. The snapshot React compares is a change counter, not the entry.
import { useCallback, useSyncExternalStore } from 'react';
import { probeStore, type ProbeEntry } from './probe-store';
import type { WatchdogStatus } from './watchdog';

/** The probe's entry, re-read whenever its version changes; undefined once deleted. */
export function useProbe(probeID: string): ProbeEntry | undefined {
  useProbeVersion(probeID);
  return probeStore.getEntry(probeID);
}

function useProbeVersion(probeID: string): number {
  const subscribe = useCallback((listener: () => void) => probeStore.subscribeProbe(probeID, listener), [probeID]);
  const getVersion = useCallback(() => probeStore.getProbeVersion(probeID), [probeID]);
  return useSyncExternalStore(subscribe, getVersion);
}

/** The probe's watchdog, re-read on every tick of the shared 100 ms clock. */
export function useWatchdog(probeID: string): WatchdogStatus | undefined {
  // Both subscriptions only trigger a re-read: the status is derived from the tick and the probe's last reset.
  useSyncExternalStore(probeStore.subscribeClock, probeStore.getTick);
  useProbeVersion(probeID);
  const entry = probeStore.getEntry(probeID);
  return entry ? probeStore.watchdog(entry) : undefined;
}
