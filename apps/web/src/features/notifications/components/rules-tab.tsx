// The Rules tab (docs/notifications.md "Rules"): each rule with what it matches and its escalation steps as a
// timeline; Add rule, Edit, Enable/Disable and Delete after a confirmation.
import type { Channel, Rule, RuleInputBody } from '@bpm/protocol';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { Icon } from '../../../components/ui/icon';
import { notificationQueries, useDeleteRule, useSaveRule } from '../api/notifications-api';
import { PermissionButton } from '../../../components/ui/permission-button';
import { ItemActions } from './item-actions';
import type { NotificationRights } from './rights';
import { RuleFormModal } from './rule-form-modal';
import { RuleTimeline } from './rule-timeline';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; rule: Rule } | null;

export const ruleBody = (rule: Rule, changes: Partial<RuleInputBody> = {}): RuleInputBody => ({
  name: rule.name,
  enabled: rule.enabled,
  match: { ...rule.match, eventTypes: rule.match.eventTypes.filter((t) => t === 'Warning' || t === 'Critical') },
  steps: rule.steps,
  repeatMinutes: rule.repeatMinutes,
  notifyCleared: rule.notifyCleared,
  groupSeconds: rule.groupSeconds,
  ...changes,
});

export function matchText({ match }: Rule): string {
  const parts = [match.eventTypes.join(' and ')];
  if (match.events?.length) parts.push(`events ${match.events.join(', ')}`);
  if (match.stageIds?.length) parts.push(`stages ${match.stageIds.join(', ')}`);
  return parts.join(' · ');
}

export function RulesTab({ rights }: { rights: NotificationRights }) {
  const rules = useQuery(notificationQueries.rules());
  const channels = useQuery(notificationQueries.channels());
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeleteRule();
  const close = () => {
    remove.reset();
    setOpen(null);
  };

  if (rules.isPending || channels.isPending) return <Text>Loading rules...</Text>;
  if (rules.isError || channels.isError)
    return (
      <Alert color="red" role="alert">
        Failed to fetch notification rules. Please try refreshing the page.
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          Which alarms notify whom, and the escalation while nobody acknowledges them.
        </Text>
        <PermissionButton
          isAllowed={rights.canCreate}
          color="green"
          leftSection={<Icon name="add" />}
          onClick={() => setOpen({ kind: 'add' })}
        >
          Add rule
        </PermissionButton>
      </Group>
      {rules.data.length === 0 && <Text c="dimmed">No rules yet.</Text>}
      {rules.data.map((rule) => (
        <RuleCard
          key={rule.id}
          rule={rule}
          channels={channels.data}
          rights={rights}
          onEdit={() => setOpen({ kind: 'edit', rule })}
          onDelete={() => setOpen({ kind: 'delete', rule })}
        />
      ))}
      {open?.kind === 'add' && <RuleFormModal channels={channels.data} onClose={close} />}
      {open?.kind === 'edit' && <RuleFormModal key={open.rule.id} rule={open.rule} channels={channels.data} onClose={close} />}
      <ConfirmDeletionModal
        opened={open?.kind === 'delete'}
        subject={open?.kind === 'delete' ? open.rule.name : ''}
        onClose={close}
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => open?.kind === 'delete' && remove.mutate(open.rule.id, { onSuccess: close })}
      />
    </Stack>
  );
}

function RuleCard(props: {
  rule: Rule;
  channels: Channel[];
  rights: NotificationRights;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { rule, channels, rights, onEdit, onDelete } = props;
  const save = useSaveRule();
  return (
    <Card withBorder padding="sm" component="section" aria-label={`Rule ${rule.name}`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{rule.name}</Text>
          <Badge variant="light" color={rule.enabled ? 'green' : 'gray'} c="dark.7">
            {rule.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={2}>
            <Text size="sm">
              <b>Matches:</b> {matchText(rule)}
            </Text>
            <Text size="sm">
              <b>Grouping:</b> {rule.groupSeconds === 0 ? 'none' : `alarms within ${rule.groupSeconds} s in one message`}
            </Text>
          </Stack>
          <RuleTimeline rule={rule} channels={channels} />
        </SimpleGrid>
        <ItemActions
          name={rule.name}
          enabled={rule.enabled}
          rights={rights}
          toggling={save.isPending}
          onEdit={onEdit}
          onToggle={() => save.mutate({ id: rule.id, body: ruleBody(rule, { enabled: !rule.enabled }) })}
          onDelete={onDelete}
        />
        {save.error && (
          <Text size="sm" c="red.9" role="alert">
            {save.error.message}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
