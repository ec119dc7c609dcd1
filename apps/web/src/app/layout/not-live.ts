// How the top bar's counts show that the feed is lost (docs/operator-screen.md "Stale data"): they are the last known
// ones, so they are greyed and their accessible names end in "(not live)". Shared by the probe and the alarm counts.
import type { CSSProperties } from 'react';
import { useLiveFeedLostAt } from '../../live/hooks/use-live';

export const notLiveStyle: CSSProperties = { opacity: 0.6, filter: 'grayscale(1)' };

/** True while the live feed is lost. */
export function useIsNotLive(): boolean {
  return useLiveFeedLostAt() !== null;
}

/** The label, marked "(not live)" while the feed is lost. */
export function notLiveLabel(label: string, notLive: boolean): string {
  return notLive ? `${label} (not live)` : label;
}
