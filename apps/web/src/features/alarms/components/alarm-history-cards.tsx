// The History's alarms as cards on narrow screens (at 60em and below): the table's facts, read top to bottom instead of
// behind a sideways scroll (docs/alarms.md).
import type { Alarm } from '@bpm/protocol';
import { Text } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { usePageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { acknowledgedByText, alarmSource, peakAfterPlace, placeOf } from '../alarm-display';
import { AlarmCard, AlarmCardList, AlarmStateBadges, type AlarmItemProps } from './alarm-row-parts';
import { NotifiedNote } from './notified-note';

/** Like the open alarms' cards, only those near the screen are rendered (lib/use-page-virtual-rows.ts). */
export function AlarmHistoryCards({ alarms }: { alarms: Alarm[] }) {
  const cards = usePageVirtualRows(alarms.length, (index) => alarms[index]!.id, 120);
  return (
    <AlarmCardList label="Alarms" cards={cards}>
      {cards.items.map(({ index }) => (
        <AlarmHistoryCard key={alarms[index]!.id} index={index} measureRef={cards.measureRef} alarm={alarms[index]!} />
      ))}
    </AlarmCardList>
  );
}

const AlarmHistoryCard = memo(function AlarmHistoryCard({ index, measureRef, alarm }: AlarmItemProps) {
  const acknowledgedBy = acknowledgedByText(alarm);
  return (
    <AlarmCard index={index} measureRef={measureRef}>
      <AlarmStateBadges alarm={alarm} muted />
      <Text size="sm" fw={600} c={alarm.eventType === 'Critical' ? 'red.9' : undefined}>
        {alarmSource(alarm.probeID)}: {keepUnitsWithNumbers(alarm.raisedMessage)}
      </Text>
      <Text size="xs" c="gray.7">
        Raised {formatDateTime(alarm.raisedAt)} · {alarm.clearedAt ? `Cleared ${formatDateTime(alarm.clearedAt)}` : 'Active'}
      </Text>
      <Text size="xs" c="gray.7">
        {placeOf(alarm)}
        {peakAfterPlace(alarm)}
      </Text>
      <NotifiedNote alarmId={alarm.id} />
      {acknowledgedBy && (
        <Text size="xs" c="gray.7">
          Acknowledged by {acknowledgedBy}
        </Text>
      )}
    </AlarmCard>
  );
});
