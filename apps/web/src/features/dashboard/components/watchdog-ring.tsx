// The Watchdog column's countdown ring (docs/probe-data.md (Client watchdog)): the remaining share in green → amber → red, and once
// alerted a full red ring around a red 0, so an expired probe reads as one at a glance (docs/operator-screen.md).
import { memo } from 'react';
import { useWatchdog } from '../../../live/use-probe';
import { watchdogElapsedShare, watchdogRingColour } from '../../../live/watchdog';

const size = 30;
const centre = size / 2;
const ringRadius = 12;
const ringLength = 2 * Math.PI * ringRadius;
const alertedColour = 'var(--mantine-color-red-7)';

/** Countdown ring: re-renders on each clock tick, on its own, without the row. */
export const WatchdogRing = memo(function WatchdogRing({ probeID }: { probeID: string }) {
  const watchdog = useWatchdog(probeID);
  if (!watchdog) return null;
  return (
    <WatchdogRingView
      remainingTenths={Math.round(watchdog.timeRemaining * 10)}
      timeoutSeconds={watchdog.timeoutSeconds}
      alerted={watchdog.alerted}
    />
  );
});

export const WatchdogRingView = memo(function WatchdogRingView({
  remainingTenths,
  timeoutSeconds,
  alerted,
}: {
  remainingTenths: number;
  timeoutSeconds: number;
  alerted: boolean;
}) {
  const status = { timeoutSeconds, timeRemaining: remainingTenths / 10, alerted };
  const left = alerted ? 1 : 1 - watchdogElapsedShare(status);
  const colour = alerted ? alertedColour : watchdogRingColour(status);
  const seconds = alerted ? 0 : Math.ceil(status.timeRemaining);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={alerted ? 'Watchdog alerted' : `Watchdog ${seconds} s left`}
      data-alerted={alerted || undefined}
    >
      <circle cx={centre} cy={centre} r={ringRadius} fill="none" stroke="var(--mantine-color-gray-3)" strokeWidth="4" />
      <circle
        cx={centre}
        cy={centre}
        r={ringRadius}
        fill="none"
        stroke={colour}
        strokeWidth="4"
        strokeDasharray={`${ringLength * left} ${ringLength}`}
        transform={`rotate(-90 ${centre} ${centre})`}
      />
      <text
        x={centre}
        y={centre + (seconds >= 100 ? 3 : 4)}
        textAnchor="middle"
        fontSize={seconds >= 100 ? 8 : 11}
        fontWeight={alerted ? 700 : 400}
        fill={alerted ? alertedColour : 'currentColor'}
      >
        {seconds}
      </text>
    </svg>
  );
});
