// The Delivery log tab (docs/notifications.md "Delivery log"): every message of the outbox, newest first, with its
// status, channel, rule and step, the alarms it names, attempts, last error and times; filtered by status. Read
// again every few seconds while shown (the server has no live message for it).
import type { Delivery, DeliveryStatus } from '@bpm/protocol';
import { Alert, Badge, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { useIsPhone } from '../../../lib/use-is-phone';
import { notificationQueries } from '../api/notifications-api';

const statusColours: Record<DeliveryStatus, string> = { pending: 'yellow', sent: 'green', failed: 'red' };
const statusWords: Record<DeliveryStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };

export function whatText(d: Delivery): string {
  if (d.kind === 'test') return 'Test message';
  const rule = d.ruleName ?? `Rule ${d.ruleId ?? '?'} (deleted)`;
  if (d.kind === 'cleared') return `${rule}: cleared`;
  return `${rule}: step ${d.step ?? '?'}${d.repeat > 0 ? `, repeat ${d.repeat}` : ''}`;
}

export function alarmsText(d: Delivery): string {
  if (d.alarmCount === 0) return '—';
  const listed = d.alarmIds.map((id) => `#${id}`).join(', ');
  const more = d.alarmCount - d.alarmIds.length;
  return more > 0 ? `${listed} and ${more} more` : listed;
}

function timesText(d: Delivery): string {
  if (d.sentAt) return `Sent ${formatDateTime(d.sentAt)}`;
  if (d.status === 'pending' && d.nextAttemptAt) return `Next attempt ${formatDateTime(d.nextAttemptAt)}`;
  return '';
}

export function DeliveryLog() {
  const [status, setStatus] = useState<DeliveryStatus | 'all'>('all');
  const log = useQuery(notificationQueries.deliveries(status === 'all' ? null : status));
  const isPhone = useIsPhone();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => setStatus(value as DeliveryStatus | 'all')}
          data={[
            { value: 'all', label: 'All' },
            { value: 'pending', label: 'Pending' },
            { value: 'sent', label: 'Sent' },
            { value: 'failed', label: 'Failed' },
          ]}
        />
        <Text size="sm" c="gray.7">
          Newest first · refreshed every few seconds
        </Text>
      </Group>
      {log.isPending && <Text>Loading the delivery log...</Text>}
      {log.isError && (
        <Alert color="red" role="alert">
          Failed to fetch the delivery log. Please try refreshing the page.
        </Alert>
      )}
      {log.data && log.data.length === 0 && <Text c="dimmed">No messages.</Text>}
      {log.data && log.data.length > 0 && isPhone && <DeliveryCards deliveries={log.data} />}
      {log.data && log.data.length > 0 && !isPhone && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing={6} aria-label="Delivery log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Alarms</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>Sent / next attempt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <StatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</Table.Td>
                  <Table.Td>{d.channelName ?? `Channel ${d.channelId} (deleted)`}</Table.Td>
                  <Table.Td>{whatText(d)}</Table.Td>
                  <Table.Td>{alarmsText(d)}</Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 260 }}>{d.lastError ?? ''}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{timesText(d)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Never cut to "Fa…": the label keeps its width (Mantine clips a badge's label with an ellipsis). */
function StatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge variant="light" color={statusColours[status]} c="dark.7" styles={{ label: { overflow: 'visible' } }}>
      {statusWords[status]}
    </Badge>
  );
}

/** On a phone: one card per message, the same facts as the table's columns. */
function DeliveryCards({ deliveries }: { deliveries: Delivery[] }) {
  return (
    <Stack gap="xs" component="ul" aria-label="Delivery log" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {deliveries.map((d) => (
        <Card key={d.id} component="li" withBorder padding="xs">
          <Group gap="xs">
            <StatusBadge status={d.status} />
            <Text size="sm" fw={600}>
              {d.channelName ?? `Channel ${d.channelId} (deleted)`}
            </Text>
          </Group>
          <Text size="sm">
            {whatText(d)} · Alarms {alarmsText(d)}
          </Text>
          <Text size="xs" c="gray.7">
            Created {formatDateTime(d.createdAt)} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
            {timesText(d) && ` · ${timesText(d)}`}
          </Text>
          {d.lastError && (
            <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {d.lastError}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
