// The open alarms as cards on narrow screens (below 48em): the same facts and actions as the table.
import type { Alarm } from '@bpm/protocol';
import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatEventTime } from '../../../lib/dates';
import { canBeAcknowledged, formatPeak, placeOf } from '../alarm-display';
import { AlarmActions, AlarmStateBadges, alarmName } from './alarm-row-parts';

export interface OpenAlarmCardsProps {
  alarms: Alarm[];
  canAct: boolean;
  canShelve: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onShelve: (alarm: Alarm) => void;
}

export function OpenAlarmCards({ alarms, canAct, canShelve, selected, onToggle, onShelve }: OpenAlarmCardsProps) {
  return (
    <Stack gap="xs" component="ul" aria-label="Open alarms" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {alarms.map((alarm) => (
        <Card key={alarm.id} withBorder padding="xs" component="li">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <AlarmStateBadges alarm={alarm} />
              <Checkbox
                aria-label={`Select ${alarmName(alarm)}`}
                checked={selected.has(alarm.id)}
                disabled={!canAct || !canBeAcknowledged(alarm)}
                onChange={() => onToggle(alarm.id)}
              />
            </Group>
            <Text size="sm" fw={600}>
              {alarm.probeID}: {alarm.lastMessage}
            </Text>
            <Text size="xs" c="gray.7">
              {formatEventTime(alarm.raisedAt)} · {placeOf(alarm)}
              {alarm.peak !== null ? ` · peak ${formatPeak(alarm)}` : ''}
            </Text>
            {alarm.state === 'shelved' && alarm.shelvedUntil && (
              <Text size="xs" c="gray.7">
                Shelved until {formatEventTime(alarm.shelvedUntil)}: {alarm.shelveReason}
              </Text>
            )}
            <AlarmActions alarm={alarm} canAct={canAct} canShelve={canShelve} onShelve={() => onShelve(alarm)} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
