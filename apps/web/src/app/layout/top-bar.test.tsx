import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import type { ConnectionStatus } from '../../live/hooks/use-live';
import { allMountedLater } from '../../lib/use-mounted-later';
import { renderWithProviders } from '../../testing/render';
import { TopBar } from './top-bar';

const renders = vi.hoisted(() => ({ Tooltip: 0 }));
vi.mock('@mantine/core', async (importOriginal) =>
  (await import('../../testing/render-counts')).withRenderCounts(await importOriginal<typeof import('@mantine/core')>(), renders),
);

const live = vi.hoisted(() => ({ status: 'disconnected' as string, counts: { total: 6, normal: 3, warning: 2, critical: 1 } }));
vi.mock('../../live/hooks/use-live', () => ({
  useConnectionStatus: () => live.status,
  useProbeCount: (key: keyof typeof live.counts) => live.counts[key],
  useLiveFeedLostAt: () => null,
}));

beforeEach(() => {
  live.status = 'disconnected';
});

const noop = () => {};
/** The top bar with its tooltips, which mount after it (useMountedLater). */
const renderTopBar = async () => {
  renderWithProviders(<TopBar pageName="API keys" isSidebarOpen={false} onToggleSidebar={() => {}} initials="AL" />);
  await act(() => allMountedLater());
};

describe('TopBar', () => {
  it.each<[ConnectionStatus | 'failed', string]>([
    ['connected', 'Connection Established'],
    ['connecting', 'Connecting'],
    ['disconnected', 'Connection Failed'],
    ['failed', 'Connection Failed'],
  ])('shows the %s status with the tooltip "%s"', async (status, tooltip) => {
    live.status = status;
    const user = userEvent.setup({ delay: null });
    await renderTopBar();
    await user.hover(screen.getByRole('img', { name: tooltip }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(tooltip);
  });

  it('new initials re-render none of the tooltips (docs/decisions/dashboard.md#top-bar-re-renders)', async () => {
    function WithInitials() {
      const [initials, setInitials] = useState('AL');
      return (
        <>
          <TopBar pageName="Dashboard" isSidebarOpen={false} onToggleSidebar={noop} initials={initials} />
          <button type="button" onClick={() => setInitials('BL')}>
            Rename
          </button>
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WithInitials />);
    await act(() => allMountedLater());
    const before = renders.Tooltip;
    expect(before).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('link', { name: 'BL (Account)' })).toBeInTheDocument();
    expect(renders.Tooltip - before).toBe(0);
  });

  it('shows the short name, the page, the counts and the initials linking to /account', async () => {
    await renderTopBar();
    expect(screen.getByRole('heading', { name: 'BPM / API keys' })).toBeInTheDocument();
    expect(screen.getByLabelText('Normal: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Warning: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Critical: 1')).toBeInTheDocument();
    const initials = screen.getByRole('link', { name: 'AL (Account)' });
    expect(initials).toHaveTextContent('AL');
    expect(initials).toHaveAttribute('href', '/account');
  });
});
