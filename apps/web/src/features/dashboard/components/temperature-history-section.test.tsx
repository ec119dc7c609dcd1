// Probe Details' temperature history and its alarm markers: the range's alarms are asked for (probe and
// range) only by a role that may read Alarms, and reach the chart as markers coloured by severity.
import type { ProbeHistory } from '@bpm/protocol';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TemperatureHistoryChartProps } from '../../../components/ui/temperature-history-chart';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { alarmFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { TemperatureHistorySection } from './temperature-history-section';

// The chart itself draws on a canvas (none in jsdom): a stand-in lists the markers it is given.
vi.mock('../../../components/ui/temperature-history-chart-lazy', () => ({
  TemperatureHistoryChartLazy: ({ markers = [] }: TemperatureHistoryChartProps) => (
    <ul aria-label="Chart markers">
      {markers.map((m) => (
        <li key={m.x}>
          {m.label} {m.colour} {m.description}
        </li>
      ))}
    </ul>
  ),
}));

const raisedAt = new Date(Date.now() - 10 * 60_000).toISOString();
const alarm = alarmFixture(7, { probeID: 'P-1', raisedAt });
const history: ProbeHistory = { probeID: 'P-1', from: raisedAt, to: raisedAt, resolutionSeconds: 60, points: [] };
const roleWith = (permissions: Array<{ permission_name: string; permission_level_name: string }>) =>
  json({
    id: 3,
    name: 'Role',
    description: '',
    createdAt: '',
    updatedAt: '',
    is_default: false,
    permissions_with_levels: permissions,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TemperatureHistorySection', () => {
  it('marks the alarms raised in the range, coloured by severity, for a role that may read Alarms', async () => {
    stubFetch({
      'GET /roles/@me': roleWith([{ permission_name: 'Alarms', permission_level_name: 'READ' }]),
      'GET /probes/P-1/history': json(history),
      'GET /alarms': json([alarm]),
    });
    renderWithProviders(<TemperatureHistorySection probeID="P-1" />);
    const markers = await screen.findByRole('list', { name: 'Chart markers' });
    expect(
      await screen.findByText('Critical #e03131 Critical alarm: Internal temperature 60 °C above alarm 55 °C'),
    ).toBeInTheDocument();
    expect(markers.children).toHaveLength(1);
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input)));
    const url = urls.find((u) => u.pathname.endsWith('/alarms'))!;
    expect(url.searchParams.get('probeID')).toBe('P-1');
    expect(Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)).toBe(3_600_000);
  });

  it('does not ask for alarms without the Alarms permission', async () => {
    const fetched = stubFetch({
      'GET /roles/@me': roleWith([]),
      'GET /probes/P-1/history': json(history),
      'GET /alarms': json([alarm]),
    });
    renderWithProviders(<TemperatureHistorySection probeID="P-1" />);
    await screen.findByRole('list', { name: 'Chart markers' });
    await vi.waitFor(() => expect(fetched.count('GET /roles/@me')).toBe(1));
    expect(fetched.count('GET /alarms')).toBe(0);
    expect(screen.queryByText(/Critical alarm/)).not.toBeInTheDocument();
  });
});
