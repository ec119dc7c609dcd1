// The Channels tab (docs/notifications.md "Channels"): each channel with where it sends, Edit, Enable/Disable,
// Send test with its outcome (sent, or the error the receiver gave), and Delete after a confirmation (the server
// refuses a channel a rule uses, naming the rules).
import type { Channel, ChannelInputBody, ChannelTestResult } from '@bpm/protocol';
import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { Icon } from '../../../components/ui/icon';
import { notificationQueries, useDeleteChannel, useSaveChannel, useTestChannel } from '../api/notifications-api';
import { ChannelFormModal, formatLabels, typeLabels } from './channel-form-modal';
import { PermissionButton } from '../../../components/ui/permission-button';
import { ItemActions } from './item-actions';
import type { NotificationRights } from './rights';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; channel: Channel } | null;

/** The body that saves `channel` as it is but for `enabled` (a webhook's secret omitted: kept). */
function toggledBody(channel: Channel): ChannelInputBody {
  const enabled = !channel.enabled;
  if (channel.type === 'email') return { name: channel.name, type: 'email', enabled, settings: channel.settings };
  const { url, format } = channel.settings;
  return { name: channel.name, type: 'webhook', enabled, settings: { url, format } };
}

export function channelTarget(channel: Channel): string {
  if (channel.type === 'webhook') return `${channel.settings.url} · ${formatLabels[channel.settings.format]}`;
  const { to, userIds } = channel.settings;
  const users = userIds.length === 0 ? [] : [`${userIds.length} ${userIds.length === 1 ? 'user' : 'users'}`];
  return [...to, ...users].join(', ');
}

export function ChannelsTab({ rights }: { rights: NotificationRights }) {
  const channels = useQuery(notificationQueries.channels());
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeleteChannel();
  const close = () => {
    remove.reset();
    setOpen(null);
  };

  if (channels.isPending) return <Text>Loading channels...</Text>;
  if (channels.isError)
    return (
      <Alert color="red" role="alert">
        Failed to fetch notification channels. Please try refreshing the page.
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          Where messages go: e-mail recipients or a webhook (JSON, Slack or Teams).
        </Text>
        <PermissionButton
          isAllowed={rights.canCreate}
          color="green"
          leftSection={<Icon name="add" />}
          onClick={() => setOpen({ kind: 'add' })}
        >
          Add channel
        </PermissionButton>
      </Group>
      {channels.data.length === 0 && <Text c="dimmed">No channels yet.</Text>}
      {channels.data.map((channel) => (
        <ChannelCard
          key={channel.id}
          channel={channel}
          rights={rights}
          onEdit={() => setOpen({ kind: 'edit', channel })}
          onDelete={() => setOpen({ kind: 'delete', channel })}
        />
      ))}
      {open?.kind === 'add' && <ChannelFormModal onClose={close} />}
      {open?.kind === 'edit' && <ChannelFormModal key={open.channel.id} channel={open.channel} onClose={close} />}
      <ConfirmDeletionModal
        opened={open?.kind === 'delete'}
        subject={open?.kind === 'delete' ? open.channel.name : ''}
        onClose={close}
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => open?.kind === 'delete' && remove.mutate(open.channel.id, { onSuccess: close })}
      />
    </Stack>
  );
}

function ChannelCard({
  channel,
  rights,
  onEdit,
  onDelete,
}: {
  channel: Channel;
  rights: NotificationRights;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const save = useSaveChannel();
  const test = useTestChannel();
  const [outcome, setOutcome] = useState<ChannelTestResult | null>(null);
  const sendTest = () => {
    setOutcome(null);
    test.mutate(channel.id, { onSuccess: setOutcome });
  };
  return (
    <Card withBorder padding="sm" component="section" aria-label={`Channel ${channel.name}`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={600}>{channel.name}</Text>
          <Badge variant="light" color="blue" c="dark.7">
            {typeLabels[channel.type]}
          </Badge>
          <Badge variant="light" color={channel.enabled ? 'green' : 'gray'} c="dark.7">
            {channel.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
          {channel.type === 'webhook' && channel.settings.secretSet && (
            <Badge variant="outline" color="gray.8">
              Secret set
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {channelTarget(channel)}
        </Text>
        <ItemActions
          name={channel.name}
          enabled={channel.enabled}
          rights={rights}
          toggling={save.isPending}
          onEdit={onEdit}
          onToggle={() => save.mutate({ id: channel.id, body: toggledBody(channel) })}
          onDelete={onDelete}
        >
          <PermissionButton
            size="xs"
            variant="default"
            isAllowed={rights.canChange}
            loading={test.isPending}
            onClick={sendTest}
            aria-label={`Send test to ${channel.name}`}
          >
            Send test
          </PermissionButton>
        </ItemActions>
        <TestOutcome outcome={outcome} error={test.error ?? save.error} />
      </Stack>
    </Card>
  );
}

function TestOutcome({ outcome, error }: { outcome: ChannelTestResult | null; error: Error | null }) {
  if (error)
    return (
      <Text size="sm" c="red.9" role="alert">
        {error.message}
      </Text>
    );
  if (!outcome) return null;
  return (
    <Text size="sm" role="status" c={outcome.status === 'sent' ? 'green.9' : 'red.9'}>
      {outcome.status === 'failed'
        ? `Test message failed: ${outcome.error ?? 'no reason given'}`
        : `Test message sent${outcome.error ? `. ${outcome.error}` : ''}`}
    </Text>
  );
}
