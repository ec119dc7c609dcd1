// "Notified: Shift lead e-mail 03:12, Plant manager 03:27" under an alarm's message (docs/notifications.md): the
// channels its sent notification messages went to, and when.
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { notifiedQueries } from '../api/notified-api';
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

/** The alarm's "Notified" text, or undefined (none sent, or the user may not read notifications). */
function useNotified(alarmId: number): string | undefined {
  const canRead = usePermissionLevel('Notifications', 'READ');
  const select = useCallback((byAlarm: Map<number, string>) => byAlarm.get(alarmId), [alarmId]);
  return useQuery({ ...notifiedQueries.byAlarm(), enabled: canRead, select }).data;
}
