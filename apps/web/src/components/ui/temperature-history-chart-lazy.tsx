// The temperature history chart loaded on first use: uPlot and the chart stay out of the bundle every
// page loads, and come with the first Probe Details or pack page that shows a chart.
import { lazy, Suspense } from 'react';
import { LoadingIndicator } from './loading-indicator';
import type { TemperatureHistoryChartProps } from './temperature-history-chart';

const Chart = lazy(() => import('./temperature-history-chart').then((m) => ({ default: m.TemperatureHistoryChart })));

export function TemperatureHistoryChartLazy(props: TemperatureHistoryChartProps) {
  return (
    <Suspense fallback={<LoadingIndicator size="sm" label="Loading the chart" />}>
      <Chart {...props} />
    </Suspense>
  );
}
