// The top bar's alarm part: it counts the open alarms the live feed brings, asks GET /alarms for nothing, and a
// reconnection or a new snapshot does not re-render the count's and the chime's tooltips and switch
// (docs/decisions/dashboard.md#top-bar-re-renders).
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmStore } from '../../live/stores/alarm-store';
import { probeStore } from '../../live/stores/probe-store';
import { json, stubFetch } from '../../testing/fetch-routes';
import { allMountedLater } from '../../lib/use-mounted-later';
import { alarmFixture } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { isChimeOn } from './alarm-chime';
import { AlarmIndicator } from './alarm-indicator';

const renders = vi.hoisted(() => ({ Tooltip: 0, Switch: 0 }));
vi.mock('@mantine/core', async (importOriginal) =>
  (await import('../../testing/render-counts')).withRenderCounts(await importOriginal<typeof import('@mantine/core')>(), renders),
);

afterEach(() => {
  act(() => alarmStore.reset());
  act(() => probeStore.reset());
  act(() => probeStore.setStatus('disconnected'));
  vi.unstubAllGlobals();
});

describe('AlarmIndicator', () => {
  it('counts the alarms of the feed without asking GET /alarms, and a reconnection re-renders neither the tooltips nor the chime switch', async () => {
    const fetches = stubFetch({ 'GET /alarms': json([]) });
    renderWithProviders(<AlarmIndicator />);
    await act(() => allMountedLater());
    expect(renders.Tooltip).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '0 active unacknowledged alarms' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 returned unacknowledged alarms' })).toBeInTheDocument();
    const mounted = { ...renders };
    act(() => alarmStore.apply({ snapshotPart: 0, alarms: [alarmFixture(1)] }));
    await screen.findByRole('link', { name: '1 active unacknowledged alarm' });
    // A new count re-renders its badge and label, not the tooltip around them.
    expect(renders.Tooltip - mounted.Tooltip).toBe(0);
    // A reconnection's snapshot with the same alarms: the counts keep their text, so nothing beside them re-renders.
    const before = { ...renders };
    act(() => probeStore.setStatus('connecting'));
    act(() => probeStore.setStatus('connected'));
    act(() => alarmStore.apply({ snapshotPart: 0, alarms: [alarmFixture(1)] }));
    expect(screen.getByRole('link', { name: '1 active unacknowledged alarm' })).toBeInTheDocument();
    expect(fetches.count('GET /alarms')).toBe(0);
    expect(renders.Tooltip - before.Tooltip).toBe(0);
    expect(renders.Switch - before.Switch).toBe(0);
    expect(screen.getByRole('switch', { name: 'Alarm chime' })).toBeInTheDocument();
  });

  it('counts the active and the returned alarms awaiting acknowledgement apart, each linking to its list, and the title follows', async () => {
    renderWithProviders(<AlarmIndicator />);
    act(() =>
      alarmStore.apply({
        snapshotPart: 0,
        alarms: [
          alarmFixture(1),
          alarmFixture(2, { state: 'returned', clearedAt: '2026-11-23T10:00:05.000Z' }),
          alarmFixture(3, { state: 'returned', clearedAt: '2026-11-23T10:00:06.000Z' }),
        ],
      }),
    );
    const returned = await screen.findByRole('link', { name: '2 returned unacknowledged alarms' });
    expect(returned).toHaveAttribute('href', '/alarms?state=returned');
    expect(screen.getByRole('link', { name: '1 active unacknowledged alarm' })).toHaveAttribute(
      'href',
      '/alarms?state=unacknowledged',
    );
    expect(document.title).toMatch(/^\(3\)/);
  });

  it('the speaker beside the chime switch is its label: a tap on it turns the chime on and off, kept per browser', async () => {
    renderWithProviders(<AlarmIndicator />);
    await act(() => allMountedLater());
    const chime = screen.getByRole<HTMLInputElement>('switch', { name: 'Alarm chime' });
    expect(chime).not.toBeChecked();
    const speaker = chime.labels?.[0];
    expect(speaker?.querySelector('svg')).not.toBeNull();
    act(() => speaker!.click());
    expect(chime).toBeChecked();
    expect(isChimeOn()).toBe(true);
    act(() => speaker!.click());
    expect(chime).not.toBeChecked();
    expect(isChimeOn()).toBe(false);
  });
});
