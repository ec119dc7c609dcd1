// The list of the user's API keys (docs/screens.md (API keys)): name, Expired pill, Expiration, delete button.
import type { ApiKey } from '@bpm/protocol';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { DateWithTooltip } from '../../../components/ui/date-with-tooltip';
import { isKeyExpired } from '../key-rules';
import { Icon } from '../../../components/ui/icon';

export function KeyList({ keys, onDelete }: { keys: ApiKey[]; onDelete: (key: ApiKey) => void }) {
  if (keys.length === 0) {
    return <Text c="dimmed">No API keys found. Click the "Generate" button to create a new API key.</Text>;
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
      {keys.map((key) => (
        <Paper key={key.id} component="li" withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ wordBreak: 'break-word' }}>
                  {key.name}
                </Text>
                {isKeyExpired(key.expirationDate) && (
                  <Badge color="red" variant="light" size="sm">
                    Expired
                  </Badge>
                )}
              </Group>
              <Group gap={4}>
                <Text size="sm" c="dimmed">
                  Expiration
                </Text>
                <DateWithTooltip value={key.expirationDate} zone="name" />
              </Group>
            </Stack>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" onClick={() => onDelete(key)} aria-label={`Delete ${key.name}`}>
                <Icon name="delete" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
