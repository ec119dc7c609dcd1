// The top bar's alarm part: it loads the open alarms at each (re)connection of the feed, and that reload does not
// re-render the count's and the chime's tooltips and switch (docs/decisions/dashboard.md#top-bar-re-renders).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeStore } from '../../live/probe-store';
import { json, stubFetch } from '../../testing/fetch-routes';
import { allMountedLater } from '../../lib/use-mounted-later';
import { renderWithProviders } from '../../testing/render';
import { isChimeOn } from './alarm-chime';
import { AlarmIndicator } from './alarm-indicator';

const renders = vi.hoisted(() => ({ Tooltip: 0, Switch: 0 }));
vi.mock('@mantine/core', async (importOriginal) =>
  (await import('../../testing/render-counts')).withRenderCounts(await importOriginal<typeof import('@mantine/core')>(), renders),
);

afterEach(() => {
  act(() => probeStore.reset());
  act(() => probeStore.setStatus('disconnected'));
  vi.unstubAllGlobals();
});

describe('AlarmIndicator', () => {
  it('loads the open alarms when the feed connects, without re-rendering the tooltips or the chime switch', async () => {
    const fetches = stubFetch({ 'GET /alarms': json([]) });
    renderWithProviders(<AlarmIndicator />);
    await act(() => allMountedLater());
    expect(renders.Tooltip).toBeGreaterThan(0);
    // jsdom's name drops the space before the visually hidden words; the browser's reads "0 unacknowledged alarms".
    expect(screen.getByRole('link', { name: /^0 ?unacknowledged alarms$/ })).toBeInTheDocument();
    const before = { ...renders };
    act(() => probeStore.setStatus('connecting'));
    act(() => probeStore.setStatus('connected'));
    await waitFor(() => expect(fetches.count('GET /alarms')).toBe(1));
    expect(renders.Tooltip - before.Tooltip).toBe(0);
    expect(renders.Switch - before.Switch).toBe(0);
    expect(screen.getByRole('switch', { name: 'Alarm chime' })).toBeInTheDocument();
  });

  it('the speaker beside the chime switch is its label: a tap on it turns the chime on and off, kept per browser', async () => {
    stubFetch({ 'GET /alarms': json([]) });
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
