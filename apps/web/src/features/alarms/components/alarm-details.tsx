// One alarm's details, opened by the link every notification message carries (`/alarms?alarm={id}`,
// docs/notifications.md "What a message says"): the alarm, and each message sent about it ("Notified").
import { Alert, Card, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatHourMinute } from '../../../lib/date-format';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { alarmSource, placeOf } from '../alarm-display';
import { getAlarm, getAlarmDeliveries } from '../api/notified-api';
import { AlarmStateBadges } from './alarm-row-parts';

export function AlarmDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const canRead = usePermissionLevel('Notifications', 'READ');
  const alarm = useQuery({ queryKey: ['alarms', 'one', id], queryFn: () => getAlarm(id) });
  const sent = useQuery({
    queryKey: ['notifications', 'alarm', id],
    queryFn: () => getAlarmDeliveries(id),
    enabled: canRead,
    refetchInterval: 10_000,
  });
  const messages = (sent.data ?? []).filter((d) => d.kind !== 'test').reverse();
  return (
    <Card withBorder padding="sm" mb="sm" component="section" aria-label={`Alarm ${id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>Alarm {id}</Text>
        <CloseButton aria-label="Close the alarm's details" onClick={onClose} />
      </Group>
      {alarm.isError && (
        <Alert color="red" role="alert">
          {alarm.error.message}
        </Alert>
      )}
      {alarm.data && (
        <Stack gap={4}>
          <AlarmStateBadges alarm={alarm.data} />
          <Text size="sm">
            {alarmSource(alarm.data.probeID)}: {keepUnitsWithNumbers(alarm.data.raisedMessage)}
          </Text>
          <Text size="xs" c="gray.7">
            Raised {formatDateTime(alarm.data.raisedAt)} · {placeOf(alarm.data)}
          </Text>
        </Stack>
      )}
      {canRead && messages.length > 0 && (
        <>
          <Text size="sm" mt="xs">
            Notified:{' '}
            {messages
              .filter((d) => d.sentAt)
              .map((d) => `${d.channelName ?? `Channel ${d.channelId}`} ${formatHourMinute(d.sentAt!)}`)
              .join(', ') || 'nothing sent yet'}
          </Text>
          <List size="xs" c="gray.7">
            {messages.map((d) => (
              <List.Item key={d.id}>
                {d.kind === 'cleared' ? 'Cleared' : `Step ${d.step ?? '?'}${d.repeat > 0 ? ` (repeat ${d.repeat})` : ''}`} to{' '}
                {d.channelName ?? `channel ${d.channelId}`}: {d.status}
                {d.sentAt ? ` ${formatDateTime(d.sentAt)}` : ''}
                {d.lastError ? ` (${d.lastError})` : ''}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
