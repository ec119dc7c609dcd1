// A Probes table row over the live store: its ⋮ menu, and live updates that arrive while the row is first
// rendered (the row reads the store without useSyncExternalStore, docs/decisions/dashboard.md#rows-subscribe-in-an-effect).
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProbe, probeData, systemConfig } from '../../../live/stores/probe-fixtures';
import { probeStore } from '../../../live/stores/probe-store';
import { renderWithProviders } from '../../../testing/render';
import { ProbeRow } from './probe-row';
import type { LiveMessage } from '@bpm/protocol';

// The cells, counted: a new order moves a row without re-rendering its cells
// (docs/decisions/dashboard.md#rows-moved-without-their-cells).
const cellRenders = vi.hoisted(() => ({ StateCell: 0 }));
vi.mock('./probe-cells', async (importOriginal) =>
  (await import('../../../testing/render-counts')).withRenderCounts(
    await importOriginal<typeof import('./probe-cells')>(),
    cellRenders,
  ),
);

function feed(...messages: LiveMessage[]) {
  for (const m of messages) probeStore.enqueue(m);
  probeStore.flush();
}

const external = (temperature: number) => makeProbe('P-1', { external: { temperature, valid: true } });

function Row({ onMenuChange = () => {} }: { onMenuChange?: (opened: boolean) => void }) {
  return (
    <div role="table" aria-label="Probes">
      <ProbeRow
        probeID="P-1"
        rowIndex={0}
        offset={0}
        canDelete={false}
        onDetails={() => {}}
        onDelete={() => {}}
        onMenuChange={onMenuChange}
      />
    </div>
  );
}

/** Applies a live update while React renders, after the row before it has read the store. */
function UpdateDuringRender({ message }: { message: LiveMessage }) {
  if (probeStore.getEntry('P-1')?.lastValidExternal !== 31) feed(message);
  return null;
}

beforeEach(() => {
  // jsdom has no layout: give the viewport a size and buttons a box, or the menu's positioning takes its target
  // for hidden.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLButtonElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 100, 28, 28));
});

afterEach(() => {
  vi.restoreAllMocks();
  act(() => probeStore.reset());
});

describe('ProbeRow', () => {
  it('opens its ⋮ menu on the first click and keeps it open while live updates re-render the row', async () => {
    act(() => feed(systemConfig(10), probeData(external(20))));
    const menuChanges: boolean[] = [];
    renderWithProviders(<Row onMenuChange={(opened) => menuChanges.push(opened)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    expect(await screen.findByRole('menuitem', { name: 'Probe Details' })).toBeInTheDocument();
    expect(menuChanges).toEqual([true]);

    act(() => feed(probeData(external(25))));
    act(() => feed(probeData(external(26))));
    expect(within(screen.getByRole('table', { name: 'Probes' })).getByText('26.0 °C')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Probe Details' })).toBeInTheDocument();

    // The menu is found by its role: the accessibility tree leaves out a dropdown that is not shown.
    // It closes and opens again as before.
    await userEvent.keyboard('{Escape}');
    expect(menuChanges).toEqual([true, false]);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    expect(await screen.findByRole('menuitem', { name: 'Probe Details' })).toBeInTheDocument();
    expect(menuChanges).toEqual([true, false, true]);
  });

  it('shows a live update that arrives after the row read the store and before it subscribed', () => {
    act(() => feed(systemConfig(10), probeData(external(20))));
    renderWithProviders(
      <>
        <Row />
        <UpdateDuringRender message={probeData(external(31))} />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Probes' });
    expect(within(table).getByText('31.0 °C')).toBeInTheDocument();
    expect(within(table).queryByText('20.0 °C')).not.toBeInTheDocument();
  });

  it('moves its row to a new place without re-rendering its cells, and re-renders them for a report', () => {
    act(() => feed(systemConfig(10), probeData(external(20))));
    let moveTo: (rowIndex: number) => void = noop;
    function MovingRow() {
      const [rowIndex, setRowIndex] = useState(0);
      moveTo = setRowIndex;
      return (
        <div role="table" aria-label="Probes">
          <ProbeRow
            probeID="P-1"
            rowIndex={rowIndex}
            offset={rowIndex * 40}
            canDelete={false}
            onDetails={noop}
            onDelete={noop}
            onMenuChange={noop}
          />
        </div>
      );
    }
    renderWithProviders(<MovingRow />);
    const before = cellRenders.StateCell;
    act(() => moveTo(3));
    expect(screen.getByRole('row')).toHaveAttribute('aria-rowindex', '5');
    expect(cellRenders.StateCell).toBe(before);
    act(() => feed(probeData(external(27))));
    expect(screen.getByText('27.0 °C')).toBeInTheDocument();
    expect(cellRenders.StateCell).toBe(before + 1);
  });
});

const noop = () => {};
