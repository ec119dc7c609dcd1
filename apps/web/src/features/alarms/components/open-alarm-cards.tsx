// The open alarms as cards on narrow screens (at 60em and below): the same facts and actions as the table.
import { Checkbox, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { usePageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { isSuppressedByAssignment } from '../../../live/stores/alarm-store';
import { alarmSource, canBeAcknowledged, peakAfterPlace, placeOf } from '../alarm-display';
import {
  AlarmActions,
  AlarmCard,
  AlarmCardList,
  AlarmStateBadges,
  alarmName,
  openAlarmItems,
  SuppressedNote,
  type OpenAlarmItemProps,
  type OpenAlarmListProps,
} from './alarm-row-parts';
import { openAlarmListId } from './open-alarm-list-id';
import { NotifiedNote } from './notified-note';

/** Like the table, only the cards near the screen are rendered (lib/use-page-virtual-rows.ts). */
export function OpenAlarmCards(props: OpenAlarmListProps) {
  const { alarms } = props;
  const cards = usePageVirtualRows(alarms.length, (index) => alarms[index]!.id, 150);
  return (
    <AlarmCardList label="Open alarms" cards={cards} id={openAlarmListId}>
      {openAlarmItems(props, cards).map((item) => (
        <OpenAlarmCard key={item.alarm.id} {...item} />
      ))}
    </AlarmCardList>
  );
}

const OpenAlarmCard = memo(function OpenAlarmCard(props: OpenAlarmItemProps) {
  const { index, measureRef, alarm, canAct, canShelve, isSelected, onToggle, onShelve, onAcknowledge } = props;
  return (
    <AlarmCard index={index} measureRef={measureRef}>
      <Group justify="space-between" wrap="nowrap">
        <AlarmStateBadges alarm={alarm} />
        <Checkbox
          aria-label={`Select ${alarmName(alarm)}`}
          checked={isSelected}
          disabled={!canAct || !canBeAcknowledged(alarm)}
          onChange={() => onToggle(alarm.id)}
        />
      </Group>
      <Text size="sm" fw={600}>
        {alarmSource(alarm.probeID)}: {keepUnitsWithNumbers(alarm.lastMessage)}
      </Text>
      {isSuppressedByAssignment(alarm) && <SuppressedNote />}
      <NotifiedNote alarmId={alarm.id} />
      <Text size="xs" c="gray.7">
        {formatDateTime(alarm.raisedAt)} · {placeOf(alarm)}
        {peakAfterPlace(alarm)}
      </Text>
      {alarm.state === 'shelved' && alarm.shelvedUntil && (
        <Text size="xs" c="gray.7">
          Shelved until {formatDateTime(alarm.shelvedUntil)}: {alarm.shelveReason}
        </Text>
      )}
      <AlarmActions
        alarm={alarm}
        canAct={canAct}
        canShelve={canShelve}
        onShelve={() => onShelve(alarm)}
        onAcknowledge={onAcknowledge}
      />
    </AlarmCard>
  );
});
