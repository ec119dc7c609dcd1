// The Watchdog column's countdown ring (docs/probe-data.md (Client watchdog)): the remaining share in green → amber → red, and once
// alerted a full red ring around a red 0, so an expired probe reads as one at a glance (docs/operator-screen.md).
import { memo, useCallback, useRef } from 'react';
import { useWatchdogSeconds } from '../../../live/use-probe';
import { watchdogElapsedShare, watchdogRingColour, type WatchdogStatus } from '../../../live/watchdog';
import classes from './watchdog-ring.module.css';

/** CSS pixels: the ring's box, the circle's radius and its stroke. */
const size = 30;
const centre = size / 2;
const ringRadius = 12;
const strokeWidth = 4;
const top = -Math.PI / 2;

/** The share of the ring the arc covers (from the top, clockwise) and its colour; alerted: full, in alertedColour. */
export function watchdogArc(status: WatchdogStatus, alertedColour: string): { share: number; colour: string } {
  if (status.alerted) return { share: 1, colour: alertedColour };
  return { share: 1 - watchdogElapsedShare(status), colour: watchdogRingColour(status) };
}

/** The theme's track and alert colours, read once: a canvas takes colours, not CSS variables. */
let palette: { track: string; alerted: string } | undefined;
function ringPalette(element: Element): { track: string; alerted: string } {
  if (!palette) {
    const style = getComputedStyle(element);
    palette = {
      track: style.getPropertyValue('--mantine-color-gray-3').trim() || '#dee2e6',
      alerted: style.getPropertyValue('--mantine-color-red-7').trim() || '#f03e3e',
    };
  }
  return palette;
}

/** Device pixels per side: sharp at the page's zoom and the screen's density. */
const backingPixels = () => Math.round(size * (globalThis.devicePixelRatio || 1));

/** Sizes the canvas's bitmap (which clears it) and paints the track and the arc. */
function paintArc(canvas: HTMLCanvasElement, status: WatchdogStatus): void {
  const pixels = backingPixels();
  if (canvas.width !== pixels) canvas.width = canvas.height = pixels;
  const context = canvas.getContext('2d');
  if (!context) return;
  const colours = ringPalette(canvas);
  const { share, colour } = watchdogArc(status, colours.alerted);
  context.setTransform(pixels / size, 0, 0, pixels / size, 0, 0);
  context.clearRect(0, 0, size, size);
  context.lineWidth = strokeWidth;
  context.strokeStyle = colours.track;
  context.beginPath();
  context.arc(centre, centre, ringRadius, 0, 2 * Math.PI);
  context.stroke();
  if (share <= 0) return;
  context.strokeStyle = colour;
  context.beginPath();
  context.arc(centre, centre, ringRadius, top, top + 2 * Math.PI * share);
  context.stroke();
}

/**
 * Canvases that left a ring, for the next ring to mount. Scrolling the table mounts and unmounts rings, and a new
 * canvas's first frame held the compositor back: wheel scrolling dropped one or two frames to 50 ms every ten seconds,
 * none with reused canvases (docs/decisions/dashboard.md, Round 21). A ring repaints a canvas it takes.
 */
const spareCanvases: HTMLCanvasElement[] = [];
const maxSpareCanvases = 64;

/**
 * Countdown ring. React renders the digit and the label, which change once a second (and at an alert); the arc moves
 * at every 100 ms tick, painted on a canvas in the tick's task without a React render. A canvas's new pixels reach
 * the screen without repainting the row around it, which the SVG arc did at every tick
 * (docs/decisions/dashboard.md, Round 21 (steady)).
 */
export const WatchdogRing = memo(function WatchdogRing({ probeID }: { probeID: string }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // What the canvas shows: the paint is asked for several times a tick (clock and probe listeners of the digit and
  // of the arc), and runs only when the canvas, what it draws or the backing size has changed.
  const painted = useRef<{ canvas: HTMLCanvasElement | null; key: string }>({ canvas: null, key: '' });
  const paint = useCallback((status: WatchdogStatus) => {
    if (!canvas.current) return;
    const key = `${status.timeRemaining} ${status.timeoutSeconds} ${status.alerted} ${backingPixels()}`;
    if (painted.current.canvas === canvas.current && painted.current.key === key) return;
    painted.current = { canvas: canvas.current, key };
    paintArc(canvas.current, status);
  }, []);
  // The canvas is put in its holder outside React, taken from the spares; the arc is painted right after, in the same
  // commit (useWatchdogSeconds's layout effect). Its bitmap's size is set by paintArc alone: setting it again, even
  // unchanged, would clear the arc.
  const holdCanvas = useCallback((holder: HTMLSpanElement | null) => {
    if (!holder) return;
    const element = spareCanvases.pop() ?? document.createElement('canvas');
    holder.appendChild(element);
    canvas.current = element;
    return () => {
      element.remove();
      canvas.current = null;
      painted.current = { canvas: null, key: '' };
      if (spareCanvases.length < maxSpareCanvases) spareCanvases.push(element);
    };
  }, []);
  const shown = useWatchdogSeconds(probeID, paint);
  if (!shown) return null;
  const { seconds, alerted } = shown;
  return (
    <span
      role="img"
      aria-label={alerted ? 'Watchdog alerted' : `Watchdog ${seconds} s left`}
      className={classes.ring}
      data-alerted={alerted || undefined}
      data-wide={seconds >= 100 || undefined}
    >
      {seconds}
      <span ref={holdCanvas} className={classes.arc} />
    </span>
  );
});
