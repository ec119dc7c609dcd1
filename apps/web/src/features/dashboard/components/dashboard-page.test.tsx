// The Dashboard over a live store fed with messages: loading text, cards, rows, icons, menu and details.
import { act, screen, within } from '@testing-library/react';
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, makeProbe, probeData, probeDeletion, systemConfig } from '../../../live/stores/probe-fixtures';
import { probeStore } from '../../../live/stores/probe-store';
import { holdLiveStoresForSignIn } from '../../../live/hooks/use-live-hold';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { allMountedLater } from '../../../lib/use-mounted-later';
import { renderWithProviders } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';
import type { LiveMessage, ProbeHistory } from '@bpm/protocol';

// The history chart draws on a canvas (none in jsdom): a stand-in names it.
vi.mock('../../../components/ui/temperature-history-chart-lazy', () => ({
  TemperatureHistoryChartLazy: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// The real Mantine components, counted: a live update must leave the closed modals and the cards' frames alone.
const renders = vi.hoisted(() => ({ Modal: 0, Card: 0 }));
const ringRenders = vi.hoisted(() => ({ ShareRing: 0 }));
vi.mock('@mantine/core', async (importOriginal) =>
  (await import('../../../testing/render-counts')).withRenderCounts(
    await importOriginal<typeof import('@mantine/core')>(),
    renders,
  ),
);
vi.mock('./share-ring', async (importOriginal) =>
  (await import('../../../testing/render-counts')).withRenderCounts(
    await importOriginal<typeof import('./share-ring')>(),
    ringRenders,
  ),
);

const permissions = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('../../../session/use-permissions', () => ({
  usePermissions: () => ({ names: permissions.names, has: (name: string) => permissions.names.includes(name) }),
}));

function feed(...messages: LiveMessage[]) {
  act(() => {
    for (const m of messages) probeStore.enqueue(m);
    probeStore.flush();
  });
}

const rowIDs = () =>
  within(screen.getByRole('table', { name: 'Probes' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

/**
 * Hands the store the snapshot's next part as soon as a commit shows the first probes in it, before React has
 * rendered their rows (the socket brings the later parts while the first rows render).
 */
function NextPartWhileFirstRowsRender({ message }: { message: LiveMessage }) {
  const total = useSyncExternalStore(probeStore.subscribeSummary, () => probeStore.getCounts().total);
  const sent = useRef(false);
  useLayoutEffect(() => {
    if (total === 0 || sent.current) return;
    sent.current = true;
    probeStore.enqueue(message);
    probeStore.flush();
  }, [total, message]);
  return null;
}

/**
 * In the commit that first sees systemConfig in the store, notes whether the Dashboard still shows its loading text,
 * then hands the store a probe and flushes it, noting the Total the store then has.
 */
function ProbeWhilePageMounts({ seen }: { seen: { loading?: boolean; totalAfterFlush?: number } }) {
  const hasSystemInfo = useSyncExternalStore(probeStore.subscribeSummary, () => probeStore.getSystemInfo() !== null);
  useLayoutEffect(() => {
    if (!hasSystemInfo || seen.loading !== undefined) return;
    seen.loading = screen.queryByText('Loading system information...') !== null;
    probeStore.enqueue(probeData(makeProbe('P-1')));
    probeStore.flush();
    seen.totalAfterFlush = probeStore.getCounts().total;
  }, [hasSystemInfo, seen]);
  return null;
}

beforeEach(() => {
  // jsdom has no layout: give the table's scroller a viewport so the virtualiser renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  act(() => probeStore.reset());
  permissions.names = [];
});

describe('DashboardPage', () => {
  it('shows "Loading system information..." until systemConfig arrives', () => {
    renderWithProviders(<DashboardPage />);
    expect(screen.getByText('Loading system information...')).toBeInTheDocument();
    feed(systemConfig(10));
    expect(screen.queryByText('Loading system information...')).not.toBeInTheDocument();
    expect(screen.getByText('Warning 45 °C, Alarm 55 °C')).toBeInTheDocument();
    expect(screen.getByText('Warning 20 %, Alarm 10 %')).toBeInTheDocument();
    expect(screen.getByText('10 s')).toBeInTheDocument();
  });

  it('shows counts, rings, rows with Critical first, temperatures and events', async () => {
    renderWithProviders(<DashboardPage />);
    feed(
      systemConfig(10),
      probeData(
        makeProbe('P-1', { external: { temperature: 29.84, valid: true } }),
        makeProbe('P-2', {
          stateString: 'Critical',
          events: [event(11, { reading: 'Internal', value: 60, threshold: 55 })],
          external: null,
          internal: { temperature: 60, valid: true },
        }),
        makeProbe('P-3', { stateString: 'Warning', isMonitoring: false, suppressedEvents: [event(32)], batteryPercentage: 9.7 }),
      ),
    );
    expect(screen.getByLabelText('Total 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Critical 1 of 3 (33%)' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Probes' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['P-2', 'P-3', 'P-1']);
    expect(within(rows[0]!).getByRole('img', { name: 'Critical' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('N/A')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Internal temperature 60 °C above alarm 55 °C')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('29.8 °C')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Thermocouple reading invalid')).toHaveAttribute(
      'title',
      'This event is suppressed because of the current probe assignment',
    );
    expect(within(rows[1]!).getByRole('img', { name: 'Not monitoring' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('9%')).toBeInTheDocument();

    // An invalid reading afterwards shows the last valid one with its warning icon.
    feed(probeData(makeProbe('P-1', { external: { temperature: -40, valid: false } })));
    expect(within(rows[2]!).getByText('29.8 °C')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('img', { name: /External reading invalid/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^ID/ }));
    const sorted = within(screen.getByRole('table', { name: 'Probes' }))
      .getAllByRole('row')
      .slice(1);
    expect(sorted.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['P-1', 'P-2', 'P-3']);
  });

  it("shows the first rows before the snapshot's later parts are applied, then applies them", async () => {
    renderWithProviders(
      <>
        <DashboardPage />
        <NextPartWhileFirstRowsRender message={probeData(makeProbe('P-2', { stateString: 'Critical' }))} />
      </>,
    );
    feed(systemConfig(10));
    feed(probeData(makeProbe('P-1')));
    // The later part waited for the first rows (docs/decisions/dashboard.md#holds-while-the-first-rows-render).
    expect(rowIDs()).toEqual(['P-1']);
    feed();
    expect(rowIDs()).toEqual(['P-2', 'P-1']);
    // Counts show within half a second (docs/decisions/dashboard.md#counts-shown-twice-a-second).
    expect(await screen.findByLabelText('Total 2')).toBeInTheDocument();
  });

  it('a new row order or new counts re-render neither the closed modals nor the cards, only the rings whose count changed', async () => {
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(makeProbe('P-1'), makeProbe('P-2'), makeProbe('P-3', { stateString: 'Warning' })));
    expect(rowIDs()).toEqual(['P-3', 'P-1', 'P-2']);
    expect(await screen.findByRole('img', { name: 'Warning 1 of 3 (33%)' })).toBeInTheDocument();
    // What mounts in idle time (the modals among them) has mounted: the counts below are waited for.
    await act(() => allMountedLater());
    const before = { ...renders, ...ringRenders };
    // P-2 turns Critical: it moves to the top, and the Normal and Critical counts change.
    feed(probeData(makeProbe('P-2', { stateString: 'Critical' })));
    expect(rowIDs()).toEqual(['P-2', 'P-3', 'P-1']);
    expect(await screen.findByRole('img', { name: 'Critical 1 of 3 (33%)' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Normal 1 of 3 (33%)' })).toBeInTheDocument();
    expect(renders.Modal - before.Modal).toBe(0);
    expect(renders.Card - before.Card).toBe(0);
    expect(ringRenders.ShareRing - before.ShareRing).toBe(2);
  });

  it('mounts the page in the background after systemConfig, the store waiting meanwhile', async () => {
    const seen: { loading?: boolean; totalAfterFlush?: number } = {};
    renderWithProviders(
      <>
        <DashboardPage />
        <ProbeWhilePageMounts seen={seen} />
      </>,
    );
    feed(systemConfig(10));
    // The commit that applied systemConfig still showed the loading text, and a probe handed to the store then
    // waited for the page (docs/decisions/dashboard.md#dashboard-mounts-in-the-background).
    expect(seen).toEqual({ loading: true, totalAfterFlush: 0 });
    expect(screen.queryByText('Loading system information...')).not.toBeInTheDocument();
    feed();
    expect(rowIDs()).toEqual(['P-1']);
    expect(await screen.findByLabelText('Total 1')).toBeInTheDocument();
  });

  it('after a sign-in mounts whole in its first render from systemConfig, the probes waiting for that commit', () => {
    // The login answer: the probe store takes only systemConfig until the Dashboard has committed
    // (docs/decisions/dashboard.md#sign-in-hold).
    act(() => holdLiveStoresForSignIn());
    act(() => {
      probeStore.enqueue(systemConfig(10));
      probeStore.enqueue(probeData(makeProbe('P-1')));
      probeStore.flush();
    });
    expect(probeStore.getCounts().total).toBe(0);
    renderWithProviders(<DashboardPage />);
    expect(screen.queryByText('Loading system information...')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Probes' })).toBeInTheDocument();
    // Its commit ended the hold: the next frame applies the probe.
    feed();
    expect(rowIDs()).toEqual(['P-1']);
  });

  it('reads no layout of the table when it mounts: its size comes from the ResizeObserver', () => {
    const reports: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          reports.push(() => this.report());
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const read: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      read.push(this);
      return 40;
    });
    const scrolledTo = vi.fn();
    HTMLElement.prototype.scrollTo = scrolledTo;
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(...Array.from({ length: 30 }, (_, i) => makeProbe(`P-${i + 1}`))));
    const scroller = screen.getByRole('table', { name: 'Probes' }).parentElement!;
    // The virtualiser's default read the scroller's size and wrote its scroll position at mount: a forced layout.
    expect(read).not.toContain(scroller);
    expect(scrolledTo).not.toHaveBeenCalled();
    act(() => reports.forEach((report) => report()));
    expect(read).toContain(scroller);
    // The screen fills in steps of a few rows a frame (firstFrameRows).
    for (let frame = 0; frame < 3; frame++) act(() => frames.splice(0).forEach((callback) => callback(performance.now())));
    // 40 px: 1 row, and 6 more below it (the overscan); 800 px (initialRect) would have been 26.
    expect(rowIDs()).toHaveLength(7);
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });

  it('shows the first 4 rows in their first frame and 4 more in each next frame until the screen is full', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(...Array.from({ length: 40 }, (_, i) => makeProbe(`P-${i + 1}`))));
    const firstRows = (n: number) => Array.from({ length: n }, (_, i) => `P-${i + 1}`);
    const nextFrame = () => act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    expect(rowIDs()).toEqual(firstRows(4));
    for (const shown of [8, 12, 16, 20, 24]) {
      nextFrame();
      expect(rowIDs()).toEqual(firstRows(shown));
    }
    nextFrame();
    // 800 px: 20 rows, and 6 more below them (the overscan).
    expect(rowIDs()).toEqual(firstRows(26));
    nextFrame();
    nextFrame();
    expect(rowIDs()).toEqual(firstRows(26));
  });

  it('offers Delete Probe only with the Probes permission; details disable Delete without it', async () => {
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(makeProbe('P-1', { events: [event(20, { value: 15, threshold: 20 })] })));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    const details = await screen.findByRole('menuitem', { name: 'Probe Details' });
    expect(screen.queryByRole('menuitem', { name: 'Delete Probe' })).not.toBeInTheDocument();
    await userEvent.click(details);
    const dialog = await screen.findByRole('dialog', { name: 'Probe Details' });
    expect(within(dialog).getByText('Warning: Battery 15 % at or below warning 20 % (Persistent: Yes)')).toBeInTheDocument();
    expect(within(dialog).getByText('No suppressed events.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('"+N more" opens Probe Details at Current Events and gives focus back to it; the ⋮ menu opens them at the top', async () => {
    renderWithProviders(<DashboardPage />);
    const threeEvents = [
      event(11, { reading: 'Internal', value: 60, threshold: 55 }),
      event(20, { value: 8, threshold: 10 }),
      event(32),
    ];
    feed(systemConfig(10), probeData(makeProbe('P-1', { stateString: 'Critical', events: threeEvents })));
    const more = screen.getByRole('button', { name: '+1 more event of P-1' });
    await userEvent.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Probe Details' });
    const currentEvents = within(dialog).getByRole('region', { name: 'Current Events' });
    await vi.waitFor(() => expect(currentEvents).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(more).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Probe Details' }));
    const fromMenu = await screen.findByRole('dialog', { name: 'Probe Details' });
    await vi.waitFor(() => expect(fromMenu).toContainElement(document.activeElement as HTMLElement));
    expect(within(fromMenu).getByRole('region', { name: 'Current Events' })).not.toHaveFocus();
    await userEvent.click(within(fromMenu).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Actions for P-1' })).toHaveFocus());
  });

  it('gives focus to the Probes table when the probe whose details are open is deleted, by another administrator or here', async () => {
    permissions.names = ['Probes'];
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(makeProbe('P-1'), makeProbe('P-2'), makeProbe('P-3')));
    const table = screen.getByRole('table', { name: 'Probes' });

    // Deleted elsewhere: the live feed takes P-1 away while its details are open.
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Probe Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Probe Details' });
    await vi.waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    feed(probeDeletion('P-1'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Probe Details' })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(table).toHaveFocus());
    expect(rowIDs()).toEqual(['P-2', 'P-3']);

    // Deleted here, from its details: Delete, then the confirmation's Delete.
    stubFetch({ 'DELETE /probes/P-2': new Response(null, { status: 204 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Probe Details' }));
    const details = await screen.findByRole('dialog', { name: 'Probe Details' });
    await userEvent.click(within(details).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion: P-2' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    feed(probeDeletion('P-2'));
    await vi.waitFor(() => expect(table).toHaveFocus());
    expect(rowIDs()).toEqual(['P-3']);
  });

  it("Probe Details shows one temperature history: the server's chart, or what this browser saw when that fails", async () => {
    const history: ProbeHistory = {
      probeID: 'P-1',
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date().toISOString(),
      resolutionSeconds: 60,
      points: [],
    };
    stubFetch({ 'GET /probes/P-1/history': json(history), 'GET /roles/@me': json({ permissions_with_levels: [] }) });
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(makeProbe('P-1')));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Probe Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Probe Details' });
    await within(dialog).findByRole('img', { name: 'Temperature history of P-1, last 1 h' });
    expect(within(dialog).queryByText('Not enough readings yet for a history.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The history cannot be read: the sparkline of this browser's readings stands in (one reading: too few yet).
    stubFetch({ 'GET /probes/P-1/history': json({ message: 'Database unavailable' }, 503) });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Probe Details' }));
    const again = await screen.findByRole('dialog', { name: 'Probe Details' });
    expect(await within(again).findByText('Not enough readings yet for a history.')).toBeInTheDocument();
  });

  it('with the Probes permission the menu offers Delete Probe and its confirmation', async () => {
    permissions.names = ['Probes'];
    renderWithProviders(<DashboardPage />);
    feed(systemConfig(10), probeData(makeProbe('P-1')));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for P-1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Probe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion: P-1' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
  });
});
