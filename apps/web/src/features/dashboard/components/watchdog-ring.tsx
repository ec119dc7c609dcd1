// The Watchdog column's countdown ring (docs/probe-data.md (Client watchdog)): the remaining share, grey → amber → red, and
// once alerted a full red ring around a red 0, so an expired probe reads as one at a glance (docs/operator-screen.md).
import { memo, useCallback, useRef } from 'react';
import { useWatchdogSeconds } from '../../../live/hooks/use-probe';
import { watchdogArcShare, watchdogRingColour, type WatchdogStatus } from '../../../live/stores/watchdog';

const size = 30;
const centre = size / 2;
const ringRadius = 12;
const ringLength = 2 * Math.PI * ringRadius;
const alertedColour = 'var(--mantine-color-red-7)';

/** The arc's length and colour for a watchdog status: the remaining share, or a full red ring once alerted. */
export function watchdogArc(status: WatchdogStatus): { dashArray: string; colour: string } {
  const left = watchdogArcShare(status);
  return {
    dashArray: `${ringLength * left} ${ringLength}`,
    colour: status.alerted ? alertedColour : watchdogRingColour(status),
  };
}

function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Countdown ring. React renders the digit and the label, which change once a second (and at an alert); the arc and
 * its colour move at every 100 ms tick, written to the arc's attributes in the tick's task without a React render
 * (docs/decisions/dashboard.md#watchdog-ring-without-a-render-per-tick). Same pixels at the same moments as a render per tick.
 */
export const WatchdogRing = memo(function WatchdogRing({ probeID }: { probeID: string }) {
  const arc = useRef<SVGCircleElement>(null);
  // What the arc element shows: the draw is asked for several times a tick (clock and probe listeners of the digit
  // and of the arc), and builds its strings only when the element or what it draws has changed.
  const drawn = useRef<{ element: SVGCircleElement | null; key: string }>({ element: null, key: '' });
  const draw = useCallback((status: WatchdogStatus) => {
    if (!arc.current) return;
    const key = `${status.timeRemaining} ${status.timeoutSeconds} ${status.alerted}`;
    if (drawn.current.element === arc.current && drawn.current.key === key) return;
    drawn.current = { element: arc.current, key };
    const { dashArray, colour } = watchdogArc(status);
    setIfChanged(arc.current, 'stroke-dasharray', dashArray);
    setIfChanged(arc.current, 'stroke', colour);
  }, []);
  const shown = useWatchdogSeconds(probeID, draw);
  if (!shown) return null;
  const { seconds, alerted } = shown;
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
      {/* stroke and stroke-dasharray: set by draw, never by React, so a render cannot put back an older arc. */}
      <circle
        ref={arc}
        cx={centre}
        cy={centre}
        r={ringRadius}
        fill="none"
        strokeWidth="4"
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
