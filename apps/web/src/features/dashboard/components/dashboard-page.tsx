// The Dashboard (docs/screens.md (Dashboard)): "Loading system information..." until systemConfig arrives, then the Probe States
// and System Information cards, a filter box and the live Probes table with its modals.
import { Grid, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { probeStore } from '../../../live/probe-store';
import { useSystemInfo } from '../../../live/use-live';
import { usePermissions } from '../../../session/use-permissions';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { probeDeletionFailureMessage } from '../api/delete-probe';
import { useDeleteProbe } from '../api/use-delete-probe';
import { defaultSort, nextSort, type SortColumn, type SortState } from '../probe-sort';
import { useProbeOrder } from '../use-probe-order';
import { ProbeDetailsModal } from './probe-details-modal';
import { ProbeStatesCard } from './probe-states-card';
import { ProbeTable } from './probe-table';
import { SystemInfoCard } from './system-info-card';
import { DashboardIcon } from './dashboard-icon';

export function DashboardPage() {
  const systemInfo = useSystemInfo();
  const canDelete = usePermissions().has('Probes');
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const order = useProbeOrder(sort, deferredFilter);
  const [detailsID, setDetailsID] = useState<string | null>(null);
  const [deleteID, setDeleteID] = useState<string | null>(null);
  const deletion = useDeleteProbe();

  const onSort = useCallback((column: SortColumn) => setSort((current) => nextSort(current, column)), []);
  const onDetails = useCallback((probeID: string) => setDetailsID(probeID), []);
  const onDelete = useCallback((probeID: string) => setDeleteID(probeID), []);

  useEffect(() => {
    // A deleted probe's details close by themselves (deletion changes the order).
    if (detailsID !== null && !probeStore.getEntry(detailsID)) setDetailsID(null);
  }, [order, detailsID]);

  if (!systemInfo) return <Text>Loading system information...</Text>;

  return (
    <Stack gap="md">
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProbeStatesCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SystemInfoCard systemInfo={systemInfo} />
        </Grid.Col>
      </Grid>
      <TextInput
        label="Filter probes"
        placeholder="Probe ID, battery pack, AGV or build stage"
        leftSection={<DashboardIcon name="filter_list" small />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      <ProbeTable
        order={order}
        sort={sort}
        onSort={onSort}
        canDelete={canDelete}
        onDetails={onDetails}
        onDelete={onDelete}
        emptyText={filter ? 'No probes match the filter.' : 'No probes yet.'}
      />
      <ProbeDetailsModal probeID={detailsID} canDelete={canDelete} onClose={() => setDetailsID(null)} onDelete={onDelete} />
      <ConfirmDeletionModal
        opened={deleteID !== null}
        subject={deleteID ?? ''}
        onClose={() => {
          deletion.reset();
          setDeleteID(null);
        }}
        isPending={deletion.isPending}
        error={deletion.error && probeDeletionFailureMessage(deletion.error)}
        onConfirm={() => {
          if (deleteID === null) return;
          deletion.mutate(deleteID, {
            onSuccess: () => {
              if (detailsID === deleteID) setDetailsID(null);
              deletion.reset();
              setDeleteID(null);
            },
          });
        }}
      />
    </Stack>
  );
}
