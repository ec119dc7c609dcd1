// The selected role's details (docs/screens.md (Role card)): name, default pill, relative times with the full
// time on hover, description, and each permission with its level and the levels that level implies.
import { impliedLevels, type PermissionWithLevel, type Role } from '@bpm/protocol';
import { Badge, Card, Divider, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { formatDateTimeWithOffset } from '../../../lib/date-format';
import { levelColour } from '../level-colour';
import { relativeTime } from '../relative-time';
import type { ReactNode } from 'react';
import { DefaultPill } from './default-pill';

function RelativeTime({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" c="dimmed">
      {label}{' '}
      <Tooltip label={formatDateTimeWithOffset(value)} withArrow>
        <Text span size="sm" c="dark" style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
          {relativeTime(value)}
        </Text>
      </Tooltip>
    </Text>
  );
}

function LevelPill({ level, implied = false }: { level: string; implied?: boolean }) {
  return (
    <Badge color={levelColour(level)} variant={implied ? 'outline' : 'filled'} size={implied ? 'sm' : 'md'} radius="xl">
      {level}
    </Badge>
  );
}

function PermissionRow({ permission }: { permission: PermissionWithLevel }) {
  const implied = impliedLevels(permission.permission_level_name);
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="xs"
      role="listitem"
      aria-label={permission.permission_name}
    >
      <div style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text fw={600}>{permission.permission_name}</Text>
        {permission.permission_description && (
          <Text size="sm" c="dimmed">
            {permission.permission_description}
          </Text>
        )}
      </div>
      <Group gap={6} wrap="wrap" justify="flex-end">
        <LevelPill level={permission.permission_level_name} />
        {implied.length > 0 && (
          <Text size="xs" c="dimmed">
            implies
          </Text>
        )}
        {implied.map((level) => (
          <LevelPill key={level} level={level} implied />
        ))}
      </Group>
    </Group>
  );
}

export function RoleCard({ role, actions }: { role: Role; actions?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Title order={3}>{role.name}</Title>
          {role.is_default && <DefaultPill />}
        </Group>
        {actions}
        <Group gap="lg">
          <RelativeTime label="Created" value={role.createdAt} />
          <RelativeTime label="Updated" value={role.updatedAt} />
        </Group>
        {role.description && <Text>{role.description}</Text>}
        <Divider label="Permissions" labelPosition="left" />
        {role.permissions_with_levels.length === 0 ? (
          <Text c="dimmed">No permissions assigned to this role</Text>
        ) : (
          <Stack gap="md" role="list" aria-label="Permissions">
            {role.permissions_with_levels.map((permission) => (
              <PermissionRow key={permission.permission_id} permission={permission} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
