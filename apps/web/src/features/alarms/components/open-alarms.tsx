// Open alarms, live (docs/alarms.md): unacknowledged first, then Critical, then newest; Acknowledge,
// Acknowledge selected, Shelve and Unshelve for those allowed.
import type { Alarm } from '@bpm/protocol';
import { Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useAlarmsLoaded, useOpenAlarms } from '../../../live/use-alarms';
import { formatEventTime } from '../../../lib/dates';
import { canBeAcknowledged, compareOpenAlarms } from '../alarm-display';
import { useAcknowledgeAlarms } from '../api/use-acknowledge-alarms';
import { AlarmActions, AlarmStateBadges, alarmName } from './alarm-row-parts';
import { AlarmTableHead, AlarmTableRow } from './alarm-table';
import { OpenAlarmCards } from './open-alarm-cards';
import { PermissionButton } from './permission-button';
import { ShelveAlarmModal } from './shelve-alarm-modal';

export function OpenAlarms({ canAct, canShelve }: { canAct: boolean; canShelve: boolean }) {
  const alarms = useOpenAlarms();
  const isLoaded = useAlarmsLoaded();
  const sorted = useMemo(() => [...alarms].sort(compareOpenAlarms), [alarms]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shelving, setShelving] = useState<Alarm | null>(null);
  const acknowledgeMany = useAcknowledgeAlarms();
  const selectable = sorted.filter(canBeAcknowledged);
  const chosen = selectable.filter((a) => selected.has(a.id)).map((a) => a.id);
  const isNarrow = useMediaQuery('(max-width: 48em)');

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (!isLoaded) return <Text>Loading alarms...</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="gray.7">
          {sorted.length === 0 ? 'No open alarms.' : `${sorted.length} open ${sorted.length === 1 ? 'alarm' : 'alarms'}`}
        </Text>
        <PermissionButton
          isAllowed={canAct}
          disabled={chosen.length === 0}
          loading={acknowledgeMany.isPending}
          onClick={() => acknowledgeMany.mutate({ ids: chosen }, { onSuccess: () => setSelected(new Set()) })}
        >
          Acknowledge selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
        </PermissionButton>
      </Group>
      {sorted.length > 0 && isNarrow && (
        <OpenAlarmCards
          alarms={sorted}
          canAct={canAct}
          canShelve={canShelve}
          selected={selected}
          onToggle={toggle}
          onShelve={setShelving}
        />
      )}
      {sorted.length > 0 && !isNarrow && (
        <Table.ScrollContainer minWidth={860} type="native" tabIndex={0} role="region" aria-label="Open alarms table">
          <Table striped highlightOnHover verticalSpacing={6}>
            <AlarmTableHead
              select={
                <Checkbox
                  aria-label="Select all alarms that can be acknowledged"
                  checked={selectable.length > 0 && chosen.length === selectable.length}
                  indeterminate={chosen.length > 0 && chosen.length < selectable.length}
                  disabled={!canAct || selectable.length === 0}
                  onChange={() =>
                    setSelected(chosen.length === selectable.length ? new Set() : new Set(selectable.map((a) => a.id)))
                  }
                />
              }
              last="Actions"
            />
            <Table.Tbody>
              {sorted.map((alarm) => (
                <OpenAlarmRow
                  key={alarm.id}
                  alarm={alarm}
                  canAct={canAct}
                  canShelve={canShelve}
                  isSelected={selected.has(alarm.id)}
                  onToggle={() => toggle(alarm.id)}
                  onShelve={() => setShelving(alarm)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ShelveAlarmModal alarm={shelving} onClose={() => setShelving(null)} />
    </Stack>
  );
}

function OpenAlarmRow({
  alarm,
  canAct,
  canShelve,
  isSelected,
  onToggle,
  onShelve,
}: {
  alarm: Alarm;
  canAct: boolean;
  canShelve: boolean;
  isSelected: boolean;
  onToggle: () => void;
  onShelve: () => void;
}) {
  return (
    <AlarmTableRow
      alarm={alarm}
      select={
        <Checkbox
          aria-label={`Select ${alarmName(alarm)}`}
          checked={isSelected}
          disabled={!canAct || !canBeAcknowledged(alarm)}
          onChange={onToggle}
        />
      }
      state={
        <>
          <AlarmStateBadges alarm={alarm} />
          {alarm.state === 'shelved' && alarm.shelvedUntil && (
            <Text size="xs" c="gray.7">
              until {formatEventTime(alarm.shelvedUntil)}: {alarm.shelveReason}
            </Text>
          )}
        </>
      }
      message={
        <>
          <Text size="sm">{alarm.lastMessage}</Text>
          {alarm.suppressed && alarm.state !== 'shelved' && (
            <Text size="xs" c="gray.7">
              Suppressed by the probe assignment
            </Text>
          )}
        </>
      }
      last={<AlarmActions alarm={alarm} canAct={canAct} canShelve={canShelve} onShelve={onShelve} />}
    />
  );
}
