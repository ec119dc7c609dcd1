// A uPlot chart sized to its container (docs/history.md): uPlot draws 2,000-point series on a canvas in
// a few milliseconds; this wrapper creates it once, feeds it new data, follows the container's width,
// and draws vertical markers (stage changes, alarms) with their labels.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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

function markersPlugin(markers: { current: readonly ChartMarker[] }): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx;
        const { top, height } = u.bbox;
        ctx.save();
        ctx.font = `${Math.round(11 * uPlot.pxRatio)}px sans-serif`;
        ctx.textBaseline = 'top';
        for (const marker of markers.current) {
          const x = Math.round(u.valToPos(marker.x, 'x', true));
          if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
          ctx.strokeStyle = marker.colour;
          ctx.fillStyle = marker.colour;
          ctx.lineWidth = uPlot.pxRatio;
          ctx.setLineDash([4 * uPlot.pxRatio, 3 * uPlot.pxRatio]);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
          ctx.fillText(marker.label, x + 3 * uPlot.pxRatio, top + 2 * uPlot.pxRatio);
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
