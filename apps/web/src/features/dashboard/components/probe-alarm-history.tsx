// Probe Details' "Alarm history" (docs/alarms.md): the probe's last 20 alarms, newest first.
import { Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AlarmStateBadge } from '../../../components/ui/alarm-state-badge';
import { formatDateTime } from '../../../lib/date-format';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { probeAlarmQueries } from '../api/probe-alarm-queries';

export function ProbeAlarmHistory({ probeID }: { probeID: string }) {
  const alarms = useQuery(probeAlarmQueries.history(probeID));
  return (
    <section aria-label="Alarm history">
      <Title order={3} size="h5" mb={4}>
        Alarm history
      </Title>
      {alarms.isPending ? (
        <Text size="sm">Loading alarms...</Text>
      ) : alarms.isError ? (
        <Text size="sm" c="red">
          {alarms.error.message}
        </Text>
      ) : alarms.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          No alarms.
        </Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {alarms.data.map((alarm) => (
            <li key={alarm.id}>
              <Group gap={6} wrap="wrap">
                <Text size="sm">
                  {formatDateTime(alarm.raisedAt)}: {keepUnitsWithNumbers(alarm.raisedMessage)}
                </Text>
                <AlarmStateBadge alarm={alarm} muted />
              </Group>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
