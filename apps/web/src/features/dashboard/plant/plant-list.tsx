// The List alternative of both views (docs/screens.md (Plant)): the same probes as a table (probe, pack, stage, state,
// position) for keyboards and screen readers; each probe's ID is a button opening its Probe Details. Virtualised
// against the page's scroll, as the open alarms are (lib/use-page-virtual-rows.ts): 10,000 rows never all exist.
import { Table, Text } from '@mantine/core';
import { memo } from 'react';
import { probeStore } from '../../../live/stores/probe-store';
import { useProbe } from '../../../live/hooks/use-probe';
import { usePageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { hasUnacknowledgedAlarm } from '../components/unacknowledged-marker';
import { StateWord, type OpenProbe } from './line-view';
import { plantStateOfEntry, usePlantList, type ListOrder } from './plant-model';
import classes from './plant.module.css';

const rowHeightPx = 37;

export function PlantList({ order, onOpen }: { order: ListOrder; onOpen: OpenProbe }) {
  const members = usePlantList(order);
  const rows = usePageVirtualRows(members.length, (index) => members[index]?.probeID ?? index, rowHeightPx);
  if (members.length === 0) return <p>No probes yet.</p>;
  return (
    // Sideways scrolling of its own on a phone: the page never scrolls sideways.
    <div style={{ overflowX: 'auto' }}>
      <Table
        striped
        aria-label={order === 'line' ? 'Probes by stage' : 'Probes by state'}
        aria-rowcount={members.length + 1}
        layout="fixed"
        miw={560}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th w="18%">Probe</Table.Th>
            <Table.Th>Pack</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th w="20%">State</Table.Th>
            <Table.Th w="22%">Position</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rows.listRef}>
          {rows.spaceBefore > 0 && <tr aria-hidden="true" style={{ height: rows.spaceBefore }} />}
          {rows.items.map((item) => {
            const member = members[item.index];
            if (!member) return null;
            return (
              <ListRow
                key={member.probeID}
                probeID={member.probeID}
                index={item.index}
                measureRef={rows.measureRef}
                onOpen={onOpen}
              />
            );
          })}
          {rows.spaceAfter > 0 && <tr aria-hidden="true" style={{ height: rows.spaceAfter }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

const formatPosition = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null ? 'No position' : `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

const ListRow = memo(function ListRow({
  probeID,
  index,
  measureRef,
  onOpen,
}: {
  probeID: string;
  index: number;
  measureRef: (element: Element | null) => void;
  onOpen: OpenProbe;
}) {
  const entry = useProbe(probeID);
  if (!entry) return null;
  const { probe } = entry;
  const state = plantStateOfEntry(probeStore, entry);
  return (
    <Table.Tr ref={measureRef} data-index={index} aria-rowindex={index + 2} h={rowHeightPx}>
      <Table.Td>
        <button type="button" className={classes.listProbe} onClick={(e) => onOpen(probeID, e.currentTarget)}>
          {probeID}
        </button>
      </Table.Td>
      <Table.Td className={classes.tileLine}>{probe.assignment.batteryPack?.name ?? 'None'}</Table.Td>
      <Table.Td className={classes.tileLine}>{probe.assignment.buildStage?.name ?? 'None'}</Table.Td>
      <Table.Td>
        <StateWord state={state} />
        {hasUnacknowledgedAlarm(probe) && (
          <Text span size="xs" fw={700} c="red.9">
            {' '}
            Unacknowledged
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.tileLine}>
        <Text span size="sm">
          {formatPosition(probe.latitude, probe.longitude)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
});
