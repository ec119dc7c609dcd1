// Probe Details' "Alarm history" (docs/alarms.md): the probe's last 20 alarms, newest first.
import { Badge, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatEventTime } from '../../../lib/dates';
import { probeAlarmQueries } from '../api/probe-alarm-queries';
import { keepUnitsWithNumbers } from '../../../lib/text';

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
                  {formatEventTime(alarm.raisedAt)}: {keepUnitsWithNumbers(alarm.raisedMessage)}
                </Text>
                <Badge size="sm" variant="light" radius="sm" color={alarm.state === 'unacknowledged' ? 'red' : 'gray'}>
                  {alarm.state}
                </Badge>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
