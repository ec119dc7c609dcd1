// A uPlot chart sized to its container (docs/history.md): uPlot draws 2,000-point series on a canvas in
// a few milliseconds; this wrapper creates it once, feeds it new data, follows the container's width,
// and draws vertical markers (stage changes, alarms) with their labels, which never overlap
// (marker-labels.ts).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { placeMarkerLabels } from './marker-labels';

export interface ChartMarker {
  /** Seconds since the epoch (uPlot's x unit). */
  x: number;
  /** Drawn beside the marker: a word or two. */
  label: string;
  /** The marker in full for the text alternative (the label when absent). */
  description?: string;
  colour: string;
}

export interface UplotChartProps {
  /** Everything but width, height and data. Read when the chart is created (change `key` to rebuild). */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  markers?: readonly ChartMarker[];
}

/** Rows of marker labels at most: past that, close markers share a label (marker-labels.ts). */
const markerLabelRows = 3;

export function markersPlugin(markers: { current: readonly ChartMarker[] }): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx;
        const { left, top, width, height } = u.bbox;
        const px = uPlot.pxRatio;
        ctx.save();
        ctx.font = `${Math.round(11 * px)}px sans-serif`;
        ctx.textBaseline = 'top';
        // uPlot leaves the axes' alignment (right, for the values left of the plot): labels start at their x.
        ctx.textAlign = 'left';
        ctx.lineWidth = px;
        ctx.setLineDash([4 * px, 3 * px]);
        const shown: { x: number; label: string; colour: string }[] = [];
        for (const marker of markers.current) {
          const x = Math.round(u.valToPos(marker.x, 'x', true));
          if (x < left || x > left + width) continue;
          shown.push({ x, label: marker.label, colour: marker.colour });
          ctx.strokeStyle = marker.colour;
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
        }
        const labels = placeMarkerLabels(shown, {
          measure: (text) => ctx.measureText(text).width,
          gap: 3 * px,
          right: left + width,
          maxRows: markerLabelRows,
        });
        for (const label of labels) {
          const y = top + (2 + label.row * 14) * px;
          // A light backing, so that a neighbouring marker's line does not cross the text.
          ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
          ctx.fillRect(label.x - px, y - px, ctx.measureText(label.text).width + 2 * px, 13 * px);
          ctx.fillStyle = label.colour;
          ctx.fillText(label.text, label.x, y);
        }
        ctx.restore();
      },
    },
  };
}

export function UplotChart({ options, data, height, markers = [] }: UplotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const markerRef = useRef(markers);
  markerRef.current = markers;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plot = new uPlot(
      {
        ...options,
        width: Math.max(200, element.clientWidth),
        height,
        plugins: [...(options.plugins ?? []), markersPlugin(markerRef)],
      },
      data,
      element,
    );
    chart.current = plot;
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
    // Created once per mount; data and markers are fed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data, markers]);

  return <div ref={container} style={{ width: '100%' }} />;
}
