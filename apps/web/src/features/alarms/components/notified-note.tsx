// "Notified: Shift lead e-mail 03:12, Plant manager 03:27" under an alarm's message (docs/notifications.md): the
// channels its sent notification messages went to, and when.
import { Text } from '@mantine/core';
import { useNotified } from '../api/notified-api';

export function NotifiedNote({ alarmId }: { alarmId: number }) {
  const notified = useNotified(alarmId);
  if (!notified) return null;
  return (
    <Text size="xs" c="gray.7">
      Notified: {notified}
    </Text>
  );
}
