// The Plant page (docs/screens.md (Plant), design §18): the plant at a glance, live from the Dashboard's feed and store, as
// the Line (lanes per stage) or the Floor (dots on the floor plan), each with its List alternative; the view and the list
// are kept in the URL (`?view=floor`, `&list=1`). A tile, a dot or a listed probe opens the Dashboard's Probe Details.
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { probeStore } from '../../../live/stores/probe-store';
import { useLiveFeedLostAt, useSystemInfo } from '../../../live/hooks/use-live';
import { useSignInHoldEnded } from '../../../live/hooks/use-live-hold';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { usePermissions } from '../../../session/use-permissions';
import { probeDeletionFailureMessage } from '../api/delete-probe';
import { useDeleteProbe } from '../api/use-delete-probe';
import { ProbeDetailsModal } from '../components/probe-details-modal';
import { FloorView } from './floor-view';
import { LineView } from './line-view';
import { PlantList } from './plant-list';
import classes from './plant.module.css';

export type PlantView = 'line' | 'floor';

/** The view and the list switch, kept in the URL so that a link (or a reload) opens the same view. */
function usePlantParams(): { view: PlantView; isList: boolean; set: (next: { view?: PlantView; isList?: boolean }) => void } {
  const [params, setParams] = useSearchParams();
  const view: PlantView = params.get('view') === 'floor' ? 'floor' : 'line';
  const isList = params.get('list') === '1';
  const set = useCallback(
    (next: { view?: PlantView; isList?: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.view !== undefined) {
            if (next.view === 'line') updated.delete('view');
            else updated.set('view', next.view);
          }
          if (next.isList !== undefined) {
            if (next.isList) updated.set('list', '1');
            else updated.delete('list');
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { view, isList, set };
}

interface DetailsRequest {
  probeID: string;
  opener: HTMLElement | null;
}

/** The view's box (lanes, floor or list): where the focus goes when the opener has gone with its probe. */
const plantViewId = 'plant-view';

/** Focus on the view, once the dialogs have gone: the probe's tile or listed row goes with it (WCAG 2.4.3). */
function focusView() {
  requestAnimationFrame(() => document.getElementById(plantViewId)?.focus({ preventScroll: true }));
}

/**
 * Closes Probe Details when its probe leaves the store (deleted here or by another administrator), at the batch that
 * removed it, not at the page's next render; while its Confirm Deletion is open, that dialog's answer closes both.
 */
function useDetailsClosedWhenGone(probeID: string | null, isDeleting: boolean, close: () => void) {
  useEffect(() => {
    if (probeID === null || isDeleting) return;
    const closeIfGone = () => {
      if (probeStore.getEntry(probeID)) return;
      close();
      focusView();
    };
    closeIfGone();
    return probeStore.subscribeBatch((batch) => {
      if (batch.membershipChanged) closeIfGone();
    });
  }, [probeID, isDeleting, close]);
}

export function PlantPage() {
  const { view, isList, set } = usePlantParams();
  const systemInfo = useSystemInfo();
  // A sign-in that lands here (Login's `next`) holds the probe data until the landing page's first commit, as the
  // Dashboard's does: without this the first tiles waited for the hold's 1.5 s limit
  // (docs/decisions/plant.md#first-tiles-after-sign-in).
  useSignInHoldEnded();
  const stale = useLiveFeedLostAt() !== null;
  const canDelete = usePermissions().has('Probes');
  const canAcknowledge = usePermissionLevel('Alarms', 'WRITE');
  const canEditPlan = usePermissionLevel('Probes', 'UPDATE');
  const [details, setDetails] = useState<DetailsRequest | null>(null);
  const [deleteID, setDeleteID] = useState<string | null>(null);
  const deletion = useDeleteProbe();

  const onOpen = useCallback((probeID: string, opener?: HTMLElement) => setDetails({ probeID, opener: opener ?? null }), []);
  const onOpenFromFloor = useCallback((probeID: string) => setDetails({ probeID, opener: null }), []);
  // Focus goes back to the tile or listed probe that opened the details (WCAG 2.4.3), if it is still there; a dot
  // has no element, so the focus then stays on the page.
  const onDetailsClose = useCallback(() => {
    const opener = details?.opener;
    if (opener?.isConnected) requestAnimationFrame(() => opener.focus());
    setDetails(null);
  }, [details]);
  const closeDetails = useCallback(() => setDetails(null), []);
  useDetailsClosedWhenGone(details?.probeID ?? null, deleteID !== null, closeDetails);
  const onDelete = useCallback((probeID: string) => setDeleteID(probeID), []);
  const { reset: resetDeletion, mutate: deleteProbe } = deletion;
  const onDeleteClose = useCallback(() => {
    resetDeletion();
    setDeleteID(null);
  }, [resetDeletion]);
  const onDeleteConfirm = useCallback(() => {
    if (deleteID === null) return;
    deleteProbe(deleteID, {
      onSuccess: () => {
        if (details?.probeID === deleteID) {
          setDetails(null);
          focusView();
        }
        resetDeletion();
        setDeleteID(null);
      },
    });
  }, [deleteID, details, deleteProbe, resetDeletion]);

  if (!systemInfo) return <Text>Loading system information...</Text>;
  const detailsID = details?.probeID ?? null;

  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => set({ view: value as PlantView })}
          data={[
            { value: 'line', label: 'Line' },
            { value: 'floor', label: 'Floor' },
          ]}
        />
        {/* A toggle button, pressed while the List shows: one stop for the keyboard, its state read out. */}
        <Button
          variant={isList ? 'filled' : 'default'}
          aria-pressed={isList}
          leftSection={<Icon name="receipt_long" size={18} />}
          onClick={() => set({ isList: !isList })}
        >
          List
        </Button>
      </Group>
      <div id={plantViewId} tabIndex={-1} className={`${classes.view} ${stale ? classes.stale : ''}`}>
        {isList ? (
          <PlantList key={view} order={view} onOpen={onOpen} />
        ) : view === 'line' ? (
          <LineView onOpen={onOpen} />
        ) : (
          <FloorView onOpen={onOpenFromFloor} canEditPlan={canEditPlan} />
        )}
      </div>
      <ProbeDetailsModal
        probeID={detailsID}
        openAt="top"
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
