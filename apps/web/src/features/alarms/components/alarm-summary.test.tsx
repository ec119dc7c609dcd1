// The History's summary names the alarms it leaves out of its figures, the ones never annunciated
// (docs/alarms.md "Summary"), in one line under the counts, and only when there are some.
import type { AlarmSummary } from '@bpm/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { SummaryView } from './alarm-summary';

// The chart (uPlot, loaded lazily) is not what these tests look at.
vi.mock('./alarms-per-hour-chart', () => ({ AlarmsPerHourChart: () => null }));

const summary = (notAnnunciated: number): AlarmSummary => ({
  from: '2026-11-26T10:00:00.000Z',
  to: '2026-11-27T10:00:00.000Z',
  total: 3,
  notAnnunciated,
  byEventType: [{ eventType: 'Critical', count: 3 }],
  byEvent: [{ event: 11, count: 3 }],
  topProbes: [{ probeID: 'P-1', count: 3 }],
  topStages: [],
  topPacks: [],
  perHour: [{ hour: '2026-11-27T08:00:00.000Z', count: 3 }],
  timeToAcknowledge: { count: 0, meanSeconds: null, p90Seconds: null },
  floods: [],
});

describe('SummaryView', () => {
  it('names the alarms that stayed suppressed, apart from the total', async () => {
    renderWithProviders(<SummaryView summary={summary(1234)} />);
    expect(await screen.findByText('Total 3')).toBeInTheDocument();
    expect(screen.getByText('Not counted: 1234 alarms that stayed suppressed and were never annunciated')).toBeInTheDocument();
  });

  it('speaks of one such alarm in the singular', async () => {
    renderWithProviders(<SummaryView summary={summary(1)} />);
    expect(await screen.findByText('Not counted: 1 alarm that stayed suppressed and was never annunciated')).toBeInTheDocument();
  });

  it('shows no such line when every alarm was annunciated', async () => {
    renderWithProviders(<SummaryView summary={summary(0)} />);
    expect(await screen.findByText('Total 3')).toBeInTheDocument();
    expect(screen.queryByText(/Not counted/)).not.toBeInTheDocument();
  });
});
