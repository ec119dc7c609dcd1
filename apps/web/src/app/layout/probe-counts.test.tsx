// The top bar's probe counts over the live store: the numbers follow it, and a new count re-renders the number,
// not the pills' tooltips (docs/decisions/dashboard.md#counts-re-render-only-their-number).
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProbe, probeData } from '../../live/stores/probe-fixtures';
import { probeStore } from '../../live/stores/probe-store';
import type { LiveMessage } from '@bpm/protocol';
import { allMountedLater } from '../../lib/use-mounted-later';
import { renderWithProviders } from '../../testing/render';
import { ProbeCounts } from './probe-counts';

const renders = vi.hoisted(() => ({ Tooltip: 0 }));
vi.mock('@mantine/core', async (importOriginal) =>
  (await import('../../testing/render-counts')).withRenderCounts(await importOriginal<typeof import('@mantine/core')>(), renders),
);

function feed(message: LiveMessage) {
  act(() => {
    probeStore.enqueue(message);
    probeStore.flush();
  });
}

afterEach(() => act(() => probeStore.reset()));

describe('ProbeCounts', () => {
  it('follows the live counts without re-rendering the tooltips; the tooltip still names the count', async () => {
    renderWithProviders(<ProbeCounts />);
    await act(() => allMountedLater());
    feed(probeData(makeProbe('P-1'), makeProbe('P-2', { stateString: 'Warning' })));
    expect(await screen.findByLabelText('Normal: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Warning: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Critical: 0')).toBeInTheDocument();
    const tooltipsBefore = renders.Tooltip;
    expect(tooltipsBefore).toBeGreaterThan(0);
    feed(probeData(makeProbe('P-1', { stateString: 'Critical' }), makeProbe('P-3', { stateString: 'Warning' })));
    // Within half a second (docs/decisions/dashboard.md#counts-shown-twice-a-second).
    expect(await screen.findByLabelText('Normal: 0')).toBeInTheDocument();
    expect(await screen.findByLabelText('Warning: 2')).toBeInTheDocument();
    expect(await screen.findByLabelText('Critical: 1')).toBeInTheDocument();
    expect(renders.Tooltip - tooltipsBefore).toBe(0);

    await userEvent.setup({ delay: null }).hover(screen.getByLabelText('Critical: 1'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Critical probes');
  });
});
