// Alarms per hour as bars (uPlot), hours that held a flood (more than 10 new alarms in 10 minutes) in red.
import type { AlarmSummary } from '@bpm/protocol';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDate, formatHourMinute, timeAxisLabels } from '../../../lib/date-format';

const hourMs = 3_600_000;
const halfHourS = 1800;

/**
 * Every hour of the range, zeros included, and whether a flood started in it. Each bar stands at the middle of its hour
 * (x in seconds), so it fills its hour's slot between two hour ticks and the pointer over it picks that hour.
 */
export function hourlySeries(summary: Pick<AlarmSummary, 'from' | 'to' | 'perHour' | 'floods'>) {
  const first = Math.floor(Date.parse(summary.from) / hourMs) * hourMs;
  const last = Math.floor(Date.parse(summary.to) / hourMs) * hourMs;
  const counts = new Map(summary.perHour.map((h) => [Date.parse(h.hour), h.count]));
  const floodHours = new Set(summary.floods.map((f) => Math.floor(Date.parse(f.start) / hourMs) * hourMs));
  const hours: number[] = [];
  for (let t = first; t <= last && hours.length < 24 * 32; t += hourMs) hours.push(t);
  return {
    x: hours.map((t) => t / 1000 + halfHourS),
    normal: hours.map((t) => (floodHours.has(t) ? null : (counts.get(t) ?? 0))),
    flood: hours.map((t) => (floodHours.has(t) ? (counts.get(t) ?? 0) : null)),
  };
}

/** The x scale from the first hour's start to the last hour's end, so the bars at both ends are drawn whole. */
export function hourSlotsRange(min: number, max: number): [number, number] {
  return [min - halfHourS, max + halfHourS];
}

/** The legend's time for a bar: its hour, e.g. "2026-11-27 07:00–08:00". */
export function hourSlotLabel(middleSeconds: number): string {
  const start = (middleSeconds - halfHourS) * 1000;
  return `${formatDate(start)} ${formatHourMinute(start)}–${formatHourMinute(start + hourMs)}`;
}

export function AlarmsPerHourChart({ summary }: { summary: AlarmSummary }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const series = hourlySeries(summary);
    const bars = uPlot.paths.bars!({ size: [0.8, 40] });
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 200,
        legend: { show: true },
        scales: {
          x: { time: true, range: (_u, min, max) => hourSlotsRange(min, max) },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        series: [
          { label: 'Hour', value: (_u, value) => (value === null ? '--' : hourSlotLabel(value)) },
          { label: 'Alarms', stroke: '#1c7ed6', fill: 'rgba(28,126,214,0.5)', paths: bars, points: { show: false } },
          { label: 'Flood hour', stroke: '#e03131', fill: 'rgba(224,49,49,0.7)', paths: bars, points: { show: false } },
        ],
        axes: [{ values: (_u, splits) => timeAxisLabels(splits) }, { label: 'Alarms per hour' }],
      },
      [series.x, series.normal, series.flood],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 200 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [summary]);
  return (
    <div
      ref={container}
      role="img"
      aria-label={`Alarms per hour; ${summary.floods.length} flood windows`}
      style={{ width: '100%' }}
    />
  );
}
