// Users below 520 px (docs/screens.md (Narrow window), docs/data-model.md (Layout and timing)): one card per user with username, full name, role pill and ⋮;
// clicking the card expands Email, Created and Updated.
import type { User } from '@bpm/protocol';
import { Anchor, Card, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { DateWithTooltip } from '../../../components/ui/date-with-tooltip';
import { RolePill } from './role-pill';
import { managedBySso, UserActionsMenu } from './user-actions-menu';
import type { UsersViewProps } from './users-table';

function UserCard({ user, roleHrefFor, onAction }: Omit<UsersViewProps, 'users'> & { user: User }) {
  const [isExpanded, setIsExpanded] = useState(false);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="user-card">
      <Group wrap="nowrap" gap="xs" align="center">
        <UnstyledButton
          onClick={() => setIsExpanded((value) => !value)}
          aria-expanded={isExpanded}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Text fw={600} truncate>
            {user.username}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.firstName} {user.lastName}
          </Text>
          {user.source === 'sso' && (
            <Text size="xs" c="dimmed">
              {managedBySso}
            </Text>
          )}
        </UnstyledButton>
        <RolePill name={user.role} href={roleHrefFor(user)} />
        <UserActionsMenu user={user} onAction={onAction} />
      </Group>
      <Collapse expanded={isExpanded}>
        <Stack gap={4} mt="sm">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" w={70}>
              Email
            </Text>
            <Anchor href={`mailto:${user.email}`} size="sm" truncate>
              {user.email}
            </Anchor>
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed" w={70}>
              Created
            </Text>
            <DateWithTooltip value={user.created} zone="offset" />
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed" w={70}>
              Updated
            </Text>
            <DateWithTooltip value={user.updated} zone="offset" />
          </Group>
        </Stack>
      </Collapse>
    </Card>
  );
}

export function UserCards({ users, roleHrefFor, onAction }: UsersViewProps) {
  return (
    <Stack gap="xs">
      {users.map((user) => (
        <UserCard key={user.userId} user={user} roleHrefFor={roleHrefFor} onAction={onAction} />
      ))}
    </Stack>
  );
}
