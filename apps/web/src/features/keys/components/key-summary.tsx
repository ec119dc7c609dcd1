// A key's Name and Expiration lines, as the generated view and the delete dialog both show them (docs/screens.md (API keys)).
import type { ApiKey } from '@bpm/protocol';
import { Group, Text } from '@mantine/core';
import { DateWithTooltip } from '../../../components/ui/date-with-tooltip';

export function KeySummary({ apiKey }: { apiKey: Pick<ApiKey, 'name' | 'expirationDate'> }) {
  return (
    <>
      <Group gap="xs">
        <Text fw={600} size="sm">
          Name
        </Text>
        <Text size="sm">{apiKey.name}</Text>
      </Group>
      <Group gap="xs">
        <Text fw={600} size="sm">
          Expiration
        </Text>
        <DateWithTooltip value={apiKey.expirationDate} zone="name" />
      </Group>
    </>
  );
}
