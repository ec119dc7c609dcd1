// "Notified: Shift lead e-mail 03:12, Plant manager 03:27" under an alarm's message (docs/notifications.md): the
// channels its sent notification messages went to, and when.
import { Text } from '@mantine/core';
import { useNotified } from '../api/notified-api';
import classes from './alarm-table.module.css';

/** `inline`: a note on the table row's one line (alarm-table.module.css), else a line of its own under the message. */
export function NotifiedNote({ alarmId, inline = false }: { alarmId: number; inline?: boolean }) {
  const notified = useNotified(alarmId);
  if (!notified) return null;
  return (
    <Text span={inline} size="xs" c="gray.7" className={inline ? classes.note : undefined}>
      Notified: {notified}
    </Text>
  );
}
