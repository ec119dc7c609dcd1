// The Dashboard (docs/screens.md (Dashboard)): "Loading system information..." until systemConfig arrives, then the Probe States
// and System Information cards, a filter box and the live Probes table with its modals. Beyond the spec
// (docs/operator-screen.md): compact cards so 15+ rows show, rows that hold still while pointed at, cards below
// 992 px, and everything greyed while the live data is lost.
import { Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { probeStore } from '../../../live/stores/probe-store';
import { useLiveFeedLostAt, useSystemInfo } from '../../../live/hooks/use-live';
import { useLiveHoldWhile, useSignInHoldEnded } from '../../../live/hooks/use-live-hold';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { usePermissions } from '../../../session/use-permissions';
import { useIsPhone } from '../../../lib/use-is-phone';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { SkipLink } from '../../../components/ui/skip-link';
import { probeDeletionFailureMessage } from '../api/delete-probe';
import { useDeleteProbe } from '../api/use-delete-probe';
import { defaultSort, nextSort, type SortColumn, type SortState } from '../probe-sort';
import { pointerHoldEvents, usePointerHold } from '../use-pointer-hold';
import { useOrderHoldStatus, useOrderRows, useProbeOrderSource } from '../use-probe-order';
import type { ProbeOrder } from '../probe-order';
import { ProbeCardList, type ProbeCardListProps } from './probe-card-list';
import { ProbeDetailsModal, type DetailsOpenAt } from './probe-details-modal';
import { ProbeStatesCard } from './probe-states-card';
import { ProbeTable, type ProbeTableProps } from './probe-table';
import { StageSelect, StageStrip } from './stage-filter';
import { SystemInfoCard } from './system-info-card';
import { DashboardIcon } from './dashboard-icon';
import classes from './dashboard.module.css';

/**
 * Below this width (62em) the probes are cards: a tablet held upright has no room for every column, and a column
 * scrolled out of sight is a reading the operator misses (docs/operator-screen.md).
 */
export const cardsBelowPx = 992;

const actionsButtonOf = (probeID: string) =>
  document.querySelector<HTMLElement>(`[aria-label="Actions for ${CSS.escape(probeID)}"]`);

/** Puts focus back on a probe's ⋮ button once its menu's modal closes (the menu item that opened it is gone). */
function focusActionsOf(probeID: string) {
  requestAnimationFrame(() => actionsButtonOf(probeID)?.focus());
}

/** Probe Details as asked for: which probe, and the button that opened it ("+N more", the marker), if one did. */
interface DetailsRequest {
  probeID: string;
  opener: HTMLElement | null;
  openAt: DetailsOpenAt;
}

/**
 * Gives focus back to what opened Probe Details (WCAG 2.4.3): the "+N more" button or the "Unacknowledged" marker, or
 * the ⋮ button when the menu did (or when that button has gone meanwhile: the probe has fewer events now, its alarms
 * are acknowledged, or the list became cards).
 * Focus moves at once, while the open details still hold the rows where they were (closing releases them), and
 * once more after the dialog has gone, in case the released order re-rendered the row.
 */
function focusOpenerOf({ probeID, opener: button }: DetailsRequest) {
  const opener = () => (button?.isConnected ? button : actionsButtonOf(probeID));
  opener()?.focus();
  requestAnimationFrame(() => opener()?.focus());
  if (button !== null) followOpenerGone(button, probeID);
}

/** How long after Probe Details closes its opener may still go with a live update and hand the focus on. */
const openerWatchMs = 5_000;

/**
 * The "Unacknowledged" marker goes with the probe's update, which follows its alarm's acknowledgement: often just
 * after the closed details gave the marker the focus. If it goes while focused, the focus moves to the row's ⋮
 * rather than falling to the page (WCAG 2.4.3). Watched for a few seconds, and only while the focus stays on it.
 */
function followOpenerGone(button: HTMLElement, probeID: string) {
  const until = performance.now() + openerWatchMs;
  const watch = () => {
    if (!button.isConnected) {
      if (document.activeElement === null || document.activeElement === document.body) actionsButtonOf(probeID)?.focus();
      return;
    }
    if (document.activeElement === button && performance.now() < until) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** The id of the probe list (the table, or the cards below 992 px). */
const probeListId = 'probe-list';

/**
 * Puts focus on the probe list when the probe whose Probe Details were open has gone (deleted here or by another
 * administrator): its ⋮ button went with its row, and the focus would fall to the page (WCAG 2.4.3; the decision
 * is in docs/operator-screen.md, "Focus"). Now, and once more after the dialogs have gone if the focus
 * fell to the page meanwhile.
 */
function focusProbeList() {
  const focus = () => document.getElementById(probeListId)?.focus({ preventScroll: true });
  focus();
  requestAnimationFrame(() => {
    if (document.activeElement === null || document.activeElement === document.body) focus();
  });
}

export function DashboardPage() {
  // The page (cards, filter, the table's frame, the modals) mounts in a background render once systemConfig has
  // arrived: mounted in the store's frame, from its useSyncExternalStore update, it was one blocking ~42 ms task
  // (docs/decisions/dashboard.md#dashboard-mounts-in-the-background). "Loading system information..." stays until that render
  // commits; the stores wait meanwhile, since a change to a store the page reads would make React redo the render blocking.
  const liveSystemInfo = useSystemInfo();
  const systemInfo = useDeferredValue(liveSystemInfo);
  useLiveHoldWhile(systemInfo === null && liveSystemInfo !== null);
  useSignInHoldEnded();
  const stale = useLiveFeedLostAt() !== null;
  const canDelete = usePermissions().has('Probes');
  // Asked for with the page, so that it is known when the marker opens Probe Details at Open alarms: the first
  // Acknowledge takes the focus only if enabled by then (probe-open-alarms.tsx).
  const canAcknowledge = usePermissionLevel('Alarms', 'WRITE');
  const isNarrow = useMediaQuery(`(max-width: ${cardsBelowPx - 0.02}px)`) ?? false;
  const isPhone = useIsPhone();
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [stageID, setStageID] = useStageParam();
  const [details, setDetails] = useState<DetailsRequest | null>(null);
  const detailsID = details?.probeID ?? null;
  const [deleteID, setDeleteID] = useState<string | null>(null);
  const deletion = useDeleteProbe();
  const { pointerHeld: pointerOver, onPointerOver, release: releasePointerHold } = usePointerHold();
  const [menuOpen, setMenuOpen] = useState(false);
  const held = pointerOver || menuOpen || detailsID !== null || deleteID !== null;
  const order = useProbeOrderSource(sort, deferredFilter, stageID, held);

  const onSort = useCallback((column: SortColumn) => setSort((current) => nextSort(current, column)), []);
  const onDetails = useCallback(
    (probeID: string, opener?: HTMLElement, openAt: DetailsOpenAt = opener ? 'currentEvents' : 'top') =>
      setDetails({ probeID, opener: opener ?? null, openAt }),
    [],
  );
  const onDelete = useCallback((probeID: string) => setDeleteID(probeID), []);
  // Stable callbacks, so that the memoised modals and filter box skip the page's re-renders for a new row order
  // (several a second with 10,000 probes; docs/decisions/dashboard.md#counts-re-render-only-their-number).
  const onDetailsClose = useCallback(() => {
    if (details !== null) focusOpenerOf(details);
    setDetails(null);
  }, [details]);
  const { reset: resetDeletion, mutate: deleteProbe } = deletion;
  const onDeleteClose = useCallback(() => {
    if (deleteID !== null && detailsID === null) focusActionsOf(deleteID);
    resetDeletion();
    setDeleteID(null);
  }, [deleteID, detailsID, resetDeletion]);
  const onDeleteConfirm = useCallback(() => {
    if (deleteID === null) return;
    deleteProbe(deleteID, {
      onSuccess: () => {
        if (detailsID === deleteID) {
          setDetails(null);
          focusProbeList();
        }
        resetDeletion();
        setDeleteID(null);
      },
    });
  }, [deleteID, detailsID, deleteProbe, resetDeletion]);

  useEffect(() => {
    // A deleted probe's details close by themselves (deletion changes the order), the focus going to the list. While
    // its Confirm Deletion is open they wait for it: its answer closes both (onDeleteConfirm), its Cancel leaves
    // the details to this check.
    if (detailsID === null || deleteID !== null) return;
    const closeIfGone = () => {
      if (probeStore.getEntry(detailsID)) return;
      focusProbeList();
      setDetails(null);
    };
    closeIfGone();
    return order.subscribe(closeIfGone);
  }, [order, detailsID, deleteID]);

  if (!systemInfo) return <Text>Loading system information...</Text>;

  const emptyText = filter || stageID !== null ? 'No probes match the filter.' : 'No probes yet.';
  const listProps = {
    canDelete,
    onDetails,
    onDelete,
    onMenuChange: setMenuOpen,
    onPointerOver,
    stale,
    emptyText,
    listId: probeListId,
  };
  return (
    <Stack gap="sm" className={isPhone ? undefined : classes.fillWindow}>
      <Grid gap="sm" className={stale ? classes.stale : undefined}>
        {/* Side by side, System Information takes the width its lines need and Probe States the rest (docs/operator-screen.md). */}
        <Grid.Col span={{ base: 12, md: 'auto' }}>
          <ProbeStatesCard />
        </Grid.Col>
        {!isPhone && (
          <Grid.Col span={{ base: 12, md: 'content' }}>
            <SystemInfoCard systemInfo={systemInfo} />
          </Grid.Col>
        )}
      </Grid>
      {/* One line beside the table (cards wrap it), so the 15 rows at 1400×900 keep their room (docs/operator-screen.md). */}
      <Group gap="xs" wrap={isNarrow ? 'wrap' : 'nowrap'}>
        <FilterBox value={filter} onChange={setFilter} isPhone={isPhone} />
        <StageSelect stageID={stageID} onChange={setStageID} />
        <StageStrip stageID={stageID} onChange={setStageID} />
        <OrderHoldLine order={order} onPointerOver={onPointerOver} onShow={releasePointerHold} />
      </Group>
      {/* One item of the stack: as an item of its own, the empty target after the list took a 12 px gap below it, and
          the page itself scrolled by those 12 px at 1400×900 (docs/operator-screen.md). */}
      <div className={isPhone ? undefined : classes.listSlot}>
        <SkipLink targetId="after-probes">Skip past the probes</SkipLink>
        <ProbeList order={order} isNarrow={isNarrow} {...listProps} sort={sort} onSort={onSort} />
        <div id="after-probes" tabIndex={-1} />
      </div>
      {/* On a phone the thresholds come after the probes: the probes start within the first screen (docs/operator-screen.md). */}
      {isPhone && <SystemInfoCard systemInfo={systemInfo} />}
      <ProbeDetailsModal
        probeID={detailsID}
        openAt={details?.openAt ?? 'top'}
        canDelete={canDelete}
        canAcknowledge={canAcknowledge}
        onClose={onDetailsClose}
        onDelete={onDelete}
      />
      <ConfirmDeletionModal
        opened={deleteID !== null}
        subject={deleteID ?? ''}
        onClose={onDeleteClose}
        isPending={deletion.isPending}
        error={deletion.error && probeDeletionFailureMessage(deletion.error)}
        onConfirm={onDeleteConfirm}
      />
    </Stack>
  );
}

/**
 * The table or the cards, re-rendered with each new row order; memoised, so the page's own re-renders pass it by when
 * nothing it shows changed.
 */
const ProbeList = memo(function ProbeList({
  order,
  isNarrow,
  sort,
  onSort,
  ...listProps
}: Omit<ProbeCardListProps, 'order'> & Pick<ProbeTableProps, 'sort' | 'onSort'> & { order: ProbeOrder; isNarrow: boolean }) {
  const rows = useOrderRows(order);
  return isNarrow ? (
    <ProbeCardList order={rows} {...listProps} />
  ) : (
    <ProbeTable order={rows} {...listProps} sort={sort} onSort={onSort} />
  );
});

/** While the rows are held: the probes pinned to the top for turning Critical, and that a new order waits. */
const OrderHoldLine = memo(function OrderHoldLine({
  order,
  onPointerOver,
  onShow,
}: {
  order: ProbeOrder;
  onPointerOver: (over: boolean) => void;
  onShow: () => void;
}) {
  const { isPending, newCritical } = useOrderHoldStatus(order);
  return (
    <>
      {newCritical > 0 && (
        // Pinned to the top meanwhile; "show" ends the hold and brings the top of the list into view. Pointing at it
        // holds like pointing at the rows, so that reaching it from a row does not re-sort it away.
        <Button
          size="compact-sm"
          color="red.9"
          style={{ flex: 'none' }}
          {...pointerHoldEvents(onPointerOver)}
          onClick={() => showNewCritical(onShow)}
        >
          {newCritical} new Critical — show
        </Button>
      )}
      {isPending && (
        <Text size="xs" c="gray.7" role="status" maw={260} lh={1.25} style={{ flex: 'none' }}>
          Order held while you point at the probes; it updates when you move away.
        </Text>
      )}
    </>
  );
});

/** Ends the pointer's hold and scrolls the probe list to its top, where the new Critical rows are. */
function showNewCritical(releasePointerHold: () => void) {
  releasePointerHold();
  document.getElementById(probeListId)?.parentElement?.scrollTo({ top: 0 });
}

/** The stage filter, kept in the URL as `?stage={id}` so that a link can open the Dashboard at one stage. */
function useStageParam(): [number | null, (stageID: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('stage');
  const stageID = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const setStageID = useCallback(
    (next: number | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === null) updated.delete('stage');
          else updated.set('stage', String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [stageID, setStageID];
}

/** The filter box (beyond the spec), memoised: it re-renders when its text changes, not with the row order. */
const FilterBox = memo(function FilterBox({
  value,
  onChange,
  isPhone,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Shares its line with the stage menu. */
  isPhone: boolean;
}) {
  return (
    <TextInput
      aria-label="Filter probes"
      placeholder="Filter: probe ID, battery pack, AGV or build stage"
      leftSection={<DashboardIcon name="filter_list" small />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={isPhone ? undefined : 340}
      maw="100%"
      style={isPhone ? { flex: '1 1 150px' } : undefined}
    />
  );
});
