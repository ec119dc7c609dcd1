// Hooks over the live store for the top bar and the dashboard cards: connection status, counts, system info.
import type { SystemInfo } from '@bpm/protocol';
import { useSyncExternalStore } from 'react';
import { liveFeedLoss } from '../feed/feed-loss';
import type { ProbeCounts } from '../stores/probe-entry';
import { probeStore, type ConnectionStatus } from '../stores/probe-store';
import { useShownAtMost, type Shown } from './shown-at-most';

export type { ConnectionStatus, ProbeCounts };

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(probeStore.subscribeSummary, probeStore.getStatus);
}

const shownCounts = new Map<keyof ProbeCounts, Shown>();

/**
 * One of the counts as shown: re-renders its component only when that number changes, not at every applied batch that
 * changes another count (docs/decisions/dashboard.md#counts-re-render-only-their-number), and at most twice a second
 * (docs/decisions/dashboard.md#counts-shown-twice-a-second).
 */
export function useProbeCount(key: keyof ProbeCounts): number {
  return useShownAtMost(shownCounts, key, probeStore.subscribeSummary, (k) => probeStore.getCounts()[k]);
}

export function useSystemInfo(): SystemInfo | null {
  return useSyncExternalStore(probeStore.subscribeSummary, probeStore.getSystemInfo);
}

/** When the open live feed was lost (ms since the epoch), or null while live (docs/operator-screen.md). */
export function useLiveFeedLostAt(): number | null {
  return useSyncExternalStore(liveFeedLoss.subscribe, liveFeedLoss.getLostAtMs);
}
