// The temperature history chart loaded on first use: uPlot and the chart stay out of the bundle every
// page loads, and come with the first Probe Details or pack page that shows a chart.
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TemperatureHistoryChartProps } from './temperature-history-chart';

const Chart = lazy(() => import('./temperature-history-chart').then((m) => ({ default: m.TemperatureHistoryChart })));

export function TemperatureHistoryChartLazy(props: TemperatureHistoryChartProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
      <Chart {...props} />
    </Suspense>
  );
}
