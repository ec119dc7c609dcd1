// The temperature history chart (docs/history.md), shared by Probe Details and the pack page: internal
// and external mean lines with their min–max bands, the four temperature thresholds as lines with the zones beyond
// them shaded, "Now", markers (stage changes, alarms), a crosshair whose values show in the legend; battery in a
// strip of its own under it (its own 0–100 % scale, never a second axis beside the thresholds); and the shown points
// and markers as tables (the text alternative; its toggle is a real button, so everyone can read the figures).
import type { HistoryPoint, SystemInfo } from '@bpm/protocol';
import { Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useId, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatDateTime, timeAxisLabels } from '../../lib/date-format';
import { zonesPlugin, type ZoneInputs } from './chart-zones';
import classes from './temperature-history-chart.module.css';
import { UplotChart, type ChartMarker } from './uplot-chart';

export type { ChartMarker };

export interface TemperatureHistoryChartProps {
  /** Names the chart and its table, e.g. "Temperature history of P-0007, last 1 h". */
  label: string;
  points: readonly HistoryPoint[];
  thresholds: SystemInfo | null;
  markers?: readonly ChartMarker[];
  /** The time range shown (ms since the epoch), whatever the points cover. */
  fromMs: number;
  toMs: number;
  /** Marked "Now" when within the range (Probe Details); the pack page's journeys have none. */
  nowMs?: number;
  height?: number;
}

const colours = {
  internal: '#1c7ed6',
  internalBand: 'rgba(28, 126, 214, 0.15)',
  external: '#e8590c',
  externalBand: 'rgba(232, 89, 12, 0.15)',
  battery: '#2f9e44',
  warning: '#f59f00',
  panic: '#e03131',
};

// In the words of the states, the alarms and their markers (Critical, Warning), top to bottom as drawn.
const thresholdLines = (t: SystemInfo) => [
  { label: 'Critical above', value: t.highTemperaturePanic, colour: colours.panic },
  { label: 'Warning above', value: t.highTemperatureWarning, colour: colours.warning },
  { label: 'Warning below', value: t.lowTemperatureWarning, colour: colours.warning },
  { label: 'Critical below', value: t.lowTemperaturePanic, colour: colours.panic },
];

const celsius = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${value.toFixed(1)} °C`);
const percent = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${value.toFixed(1)} %`);

function chartData(points: readonly HistoryPoint[]): uPlot.AlignedData {
  const pick = (f: (p: HistoryPoint) => number | null | undefined) => points.map((p) => f(p) ?? null);
  return [
    points.map((p) => Date.parse(p.t) / 1000),
    pick((p) => p.internal?.mean),
    pick((p) => p.internal?.min),
    pick((p) => p.internal?.max),
    pick((p) => p.external?.mean),
    pick((p) => p.external?.min),
    pick((p) => p.external?.max),
  ];
}

const batteryData = (points: readonly HistoryPoint[]): uPlot.AlignedData => [
  points.map((p) => Date.parse(p.t) / 1000),
  points.map((p) => p.battery ?? null),
];

// The same y axis width and right padding (not uPlot's room for the last time's overflow) in both plots, so that a
// moment is at the same x in the temperatures and in the battery strip.
const yAxisSize = 40;
const plotPadding: uPlot.Padding = [null, 20, null, null];

interface ChartInputs extends ZoneInputs {
  xRange: [number, number];
}

/** The battery strip: same time range and crosshair as the temperatures, its own 0–100 % scale. */
function batteryOptions(inputs: { current: ChartInputs }, syncKey: string): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    cursor: { drag: { x: false, y: false }, sync: { key: syncKey } },
    legend: { live: true },
    padding: plotPadding,
    scales: { x: { time: true, range: () => inputs.current.xRange }, battery: { range: [0, 100] } },
    // The times are under the temperatures just above; the y axis as wide as theirs, so that the x positions agree.
    axes: [
      { show: false },
      { scale: 'battery', label: '%', size: yAxisSize, values: (_u, ticks) => ticks.map((v) => `${v}`), splits: () => [0, 100] },
    ],
    series: [
      { label: 'Time', value: (_u, seconds) => (seconds === null ? '--' : formatDateTime(seconds * 1000)) },
      { label: 'Battery', stroke: colours.battery, width: 1.5, scale: 'battery', value: (_u, v) => percent(v) },
    ],
  };
}

function chartOptions(inputs: { current: ChartInputs }, syncKey: string): Omit<uPlot.Options, 'width' | 'height'> {
  const band = (label: string, colour: string): uPlot.Series => ({ label, stroke: colour, width: 0, points: { show: false } });
  // A mean's legend value carries its bucket's min and max (the two series after it).
  const withBand = (meanIndex: number) => (u: uPlot, v: number | null, _si: number, idx: number | null) => {
    if (v === null || idx === null) return '–';
    const min = u.data[meanIndex + 1]![idx];
    const max = u.data[meanIndex + 2]![idx];
    return `${v.toFixed(1)} °C (${min?.toFixed(1) ?? '–'}–${max?.toFixed(1) ?? '–'})`;
  };
  return {
    cursor: { drag: { x: false, y: false }, sync: { key: syncKey } },
    legend: { live: true },
    padding: plotPadding,
    scales: {
      x: { time: true, range: () => inputs.current.xRange },
      // The thresholds stay in view, so that a reading's distance to them reads at a glance.
      temperature: {
        range: (_u, min, max) => {
          const t = inputs.current.thresholds;
          const low = Math.min(min ?? 0, t ? t.lowTemperaturePanic : min);
          const high = Math.max(max ?? 0, t ? t.highTemperaturePanic : max);
          return [Math.floor(low - 2), Math.ceil(high + 2)];
        },
      },
    },
    axes: [
      { values: (_u, splits) => timeAxisLabels(splits) },
      { scale: 'temperature', label: '°C', size: yAxisSize, values: (_u, ticks) => ticks.map((v) => `${v}`) },
    ],
    series: [
      { label: 'Time', value: (_u, seconds) => (seconds === null ? '--' : formatDateTime(seconds * 1000)) },
      { label: 'Internal', stroke: colours.internal, width: 2, scale: 'temperature', value: withBand(1) },
      { ...band('Internal min', colours.internalBand), scale: 'temperature' },
      { ...band('Internal max', colours.internalBand), scale: 'temperature' },
      { label: 'External', stroke: colours.external, width: 2, scale: 'temperature', value: withBand(4) },
      { ...band('External min', colours.externalBand), scale: 'temperature' },
      { ...band('External max', colours.externalBand), scale: 'temperature' },
    ],
    bands: [
      { series: [3, 2], fill: colours.internalBand },
      { series: [6, 5], fill: colours.externalBand },
    ],
    plugins: [
      zonesPlugin(inputs, 'temperature'),
      {
        hooks: {
          draw: (u) => {
            const t = inputs.current.thresholds;
            if (!t) return;
            const ctx = u.ctx;
            ctx.save();
            ctx.lineWidth = 1.5 * devicePixelRatio;
            ctx.setLineDash([8, 4]);
            for (const line of thresholdLines(t)) {
              const y = Math.round(u.valToPos(line.value, 'temperature', true));
              ctx.strokeStyle = line.colour;
              ctx.beginPath();
              ctx.moveTo(u.bbox.left, y);
              ctx.lineTo(u.bbox.left + u.bbox.width, y);
              ctx.stroke();
            }
            ctx.restore();
          },
        },
      },
    ],
  };
}

export function TemperatureHistoryChart({
  label,
  points,
  thresholds,
  markers = [],
  fromMs,
  toMs,
  nowMs,
  height = 260,
}: TemperatureHistoryChartProps) {
  const [tableShown, setTableShown] = useState(false);
  const xRange: [number, number] = [fromMs / 1000, Math.max(toMs, fromMs + 60_000) / 1000];
  // Read by the scales and the draw hooks at each redraw; new inputs give new data, hence a redraw.
  const inputs = useRef<ChartInputs>({ thresholds, xRange, nowMs: nowMs ?? null });
  inputs.current = { thresholds, xRange, nowMs: nowMs ?? null };
  /* eslint-disable react-hooks/exhaustive-deps */
  const data = useMemo(() => chartData(points), [points, thresholds, fromMs, toMs, nowMs]);
  const battery = useMemo(() => batteryData(points), [points, fromMs, toMs]);
  /* eslint-enable react-hooks/exhaustive-deps */
  const syncKey = useId();
  const [options] = useState(() => chartOptions(inputs, syncKey));
  const [stripOptions] = useState(() => batteryOptions(inputs, syncKey));

  const internal = points.flatMap((p) => (p.internal ? [p.internal.min, p.internal.max] : []));
  const external = points.flatMap((p) => (p.external ? [p.external.min, p.external.max] : []));
  const batteries = points.flatMap((p) => (p.battery === null || p.battery === undefined ? [] : [p.battery]));
  const span = (values: number[], unit = celsius) =>
    values.length === 0 ? 'no valid readings' : `${unit(Math.min(...values))} to ${unit(Math.max(...values))}`;
  const shownMarkers = markers.filter((m) => m.x >= fromMs / 1000 && m.x <= toMs / 1000).sort((a, b) => a.x - b.x);
  const markerCount = shownMarkers.length === 0 ? '' : ` ${shownMarkers.length} marked (see the data table).`;
  const summary =
    points.length === 0
      ? `${label}: no data recorded in this range.${markerCount}`
      : `${label}: ${points.length} points; internal ${span(internal)}; external ${span(external)}.${markerCount}`;

  return (
    <Stack gap={6}>
      {/* The range shown, for whoever checks what the chart opened on. */}
      <div
        role="img"
        aria-label={summary}
        className={classes.chart}
        data-from={new Date(xRange[0] * 1000).toISOString()}
        data-to={new Date(xRange[1] * 1000).toISOString()}
      >
        <UplotChart options={options} data={data} height={height} markers={shownMarkers} />
      </div>
      <div role="img" aria-label={`Battery, same period: ${span(batteries, percent)}.`} className={classes.strip}>
        <UplotChart options={stripOptions} data={battery} height={72} />
      </div>
      {thresholds && (
        <Group gap="md" aria-label="Temperature thresholds" role="list">
          {thresholdLines(thresholds).map((line) => (
            <Text key={line.label} size="xs" role="listitem">
              <span aria-hidden="true" style={{ color: line.colour }}>
                ╌╌{' '}
              </span>
              {line.label} {celsius(line.value)}
            </Text>
          ))}
        </Group>
      )}
      <Group justify="space-between">
        <Text size="xs" c="gray.7">
          {points.length === 0 ? 'No data recorded in this range.' : `${points.length} points`}
        </Text>
        <Button variant="default" size="compact-xs" onClick={() => setTableShown((shown) => !shown)} aria-expanded={tableShown}>
          {tableShown ? 'Hide data table' : 'Show data table'}
        </Button>
      </Group>
      {tableShown && (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table striped withTableBorder fz="xs" aria-label={`${label} (table)`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Internal min / mean / max</Table.Th>
                <Table.Th>External min / mean / max</Table.Th>
                <Table.Th>Battery</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={p.t}>
                  <Table.Td>{formatDateTime(p.t)}</Table.Td>
                  <Table.Td>
                    {p.internal ? `${celsius(p.internal.min)} / ${celsius(p.internal.mean)} / ${celsius(p.internal.max)}` : '–'}
                  </Table.Td>
                  <Table.Td>
                    {p.external ? `${celsius(p.external.min)} / ${celsius(p.external.mean)} / ${celsius(p.external.max)}` : '–'}
                  </Table.Td>
                  <Table.Td>{percent(p.battery)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {tableShown && shownMarkers.length > 0 && (
        <ScrollArea.Autosize mah={200} type="auto">
          <Table striped withTableBorder fz="xs" aria-label={`${label} (markers)`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Marker</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shownMarkers.map((m, i) => (
                <Table.Tr key={`${m.x}-${i}`}>
                  <Table.Td>{formatDateTime(m.x * 1000)}</Table.Td>
                  <Table.Td>{m.description ?? m.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
