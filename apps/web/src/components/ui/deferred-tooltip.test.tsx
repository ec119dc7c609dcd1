import { Tooltip } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithCommitPhases } from '../../testing/commit-phases';
import { DeferredTooltip } from './deferred-tooltip';

const renderTooltip = (Chosen: typeof Tooltip | typeof DeferredTooltip) =>
  renderWithCommitPhases(
    <Chosen label="Connection Established" events={{ hover: true, focus: true, touch: true }}>
      <button type="button">Status</button>
    </Chosen>,
  );

describe('DeferredTooltip', () => {
  it('leaves its mount out of the commit that mounts its target, so no synchronous re-render follows that commit', async () => {
    const { phases } = await renderTooltip(DeferredTooltip);
    // The tooltip comes in a later commit of its own ("update"), not in a re-render forced inside the first.
    expect(phases.slice(0, 2)).toEqual(['mount', 'update']);
  });

  it("is what it replaces: Mantine's Tooltip re-renders synchronously in the commit that mounts it", async () => {
    const { phases } = await renderTooltip(Tooltip);
    expect(phases.slice(0, 2)).toEqual(['mount', 'nested-update']);
  });

  it('shows its label on hover and on focus, like the tooltip it defers', async () => {
    const user = userEvent.setup({ delay: null });
    await renderTooltip(DeferredTooltip);
    await user.hover(screen.getByRole('button', { name: 'Status' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Connection Established');
    await user.unhover(screen.getByRole('button', { name: 'Status' }));
    // The hover's tooltip goes first, so the one found next is the focus's.
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // Focused directly: a Tab could land on what another file of this shared jsdom left in the page.
    act(() => screen.getByRole('button', { name: 'Status' }).focus());
    expect(screen.getByRole('button', { name: 'Status' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Connection Established');
  });
});
