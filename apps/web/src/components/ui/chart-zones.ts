// The temperature chart's zones and "Now" (docs/history.md, Web): the bands beyond the Warning and Critical limits
// shaded under the lines, and a line at the present moment labelled "Now". HTML under the canvas (uPlot's
// `under` layer has the plot area's place and size), so that they are shaded beneath the series and can be read by
// a test like any element; none of them takes the pointer, which stays the crosshair's.
import type { SystemInfo } from '@bpm/protocol';
import type uPlot from 'uplot';

export interface ZoneInputs {
  thresholds: SystemInfo | null;
  /** The present moment (ms since the epoch); no "Now" line when null. */
  nowMs: number | null;
}

export const zoneColours = {
  critical: 'rgba(224, 49, 49, 0.13)',
  warning: 'rgba(245, 159, 0, 0.12)',
};

const celsius = (value: number) => `${value.toFixed(1)} °C`;

/** The four zones beyond the limits, top to bottom, in the words the rest of the screen uses. */
export const zonesOf = (t: SystemInfo) => [
  {
    name: `Critical: above ${celsius(t.highTemperaturePanic)}`,
    from: Infinity,
    to: t.highTemperaturePanic,
    colour: zoneColours.critical,
  },
  {
    name: `Warning: ${celsius(t.highTemperatureWarning)} to ${celsius(t.highTemperaturePanic)}`,
    from: t.highTemperaturePanic,
    to: t.highTemperatureWarning,
    colour: zoneColours.warning,
  },
  {
    name: `Warning: ${celsius(t.lowTemperaturePanic)} to ${celsius(t.lowTemperatureWarning)}`,
    from: t.lowTemperatureWarning,
    to: t.lowTemperaturePanic,
    colour: zoneColours.warning,
  },
  {
    name: `Critical: below ${celsius(t.lowTemperaturePanic)}`,
    from: t.lowTemperaturePanic,
    to: -Infinity,
    colour: zoneColours.critical,
  },
];

function element(parent: HTMLElement, style: Partial<CSSStyleDeclaration>): HTMLDivElement {
  const div = document.createElement('div');
  Object.assign(div.style, { position: 'absolute', pointerEvents: 'none' }, style);
  parent.appendChild(div);
  return div;
}

export function zonesPlugin(inputs: { current: ZoneInputs }, scale: string): uPlot.Plugin {
  // Made once and moved at each redraw (never replaced: a reader holding one keeps a live element).
  let zones: HTMLDivElement[] = [];
  let nowLine: HTMLDivElement | null = null;
  let nowLabel: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (u) => {
        const layer = element(u.under, { inset: '0', overflow: 'hidden' });
        zones = [0, 1, 2, 3].map(() => element(layer, { left: '0', right: '0' }));
        nowLine = element(layer, { top: '0', bottom: '0', width: '2px', background: '#495057' });
        // Left of the line at the bottom, clear of the alarm labels along the top.
        nowLabel = element(layer, {
          bottom: '2px',
          font: '600 11px sans-serif',
          color: '#343a40',
          background: 'rgba(255, 255, 255, 0.85)',
          padding: '0 2px',
        });
        nowLabel.textContent = 'Now';
      },
      draw: (u) => {
        const { thresholds, nowMs } = inputs.current;
        const height = u.over.clientHeight;
        const width = u.over.clientWidth;
        const y = (value: number) =>
          value === Infinity ? 0 : value === -Infinity ? height : Math.min(height, Math.max(0, u.valToPos(value, scale)));
        const shown = thresholds ? zonesOf(thresholds) : [];
        zones.forEach((div, i) => {
          const zone = shown[i];
          const top = zone ? y(zone.from) : 0;
          const bottom = zone ? y(zone.to) : 0;
          div.style.display = zone && bottom - top >= 1 ? 'block' : 'none';
          if (!zone) return;
          Object.assign(div.style, { top: `${top}px`, height: `${bottom - top}px`, background: zone.colour });
          div.title = zone.name;
        });
        const x = nowMs === null ? -1 : u.valToPos(nowMs / 1000, 'x');
        const nowShown = x >= 0 && x <= width;
        for (const div of [nowLine, nowLabel]) if (div) div.style.display = nowShown ? 'block' : 'none';
        if (!nowShown || !nowLine || !nowLabel) return;
        nowLine.style.left = `${x - 1}px`;
        nowLabel.style.right = `${width - x + 4}px`;
      },
    },
  };
}
