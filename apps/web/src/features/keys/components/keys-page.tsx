// API keys (docs/screens.md (API keys)): Generate, the list, and the generate and delete dialogs.
import type { ApiKey } from '@bpm/protocol';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { keyQueries } from '../api/keys-api';
import { DeleteKeyModal } from './delete-key-modal';
import { GenerateKeyModal } from './generate-key-modal';
import { KeyList } from './key-list';
import { Icon } from '../../../components/ui/icon';

export function KeysPage() {
  const { data: keys, error, isPending } = useQuery(keyQueries.list());
  const [isGenerateOpen, generateModal] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);

  return (
    <Stack maw={760} gap="md">
      <Group justify="space-between">
        <Title order={2}>API keys</Title>
        <Button color="green" leftSection={<Icon name="add" />} onClick={generateModal.open}>
          Generate
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          Failed to fetch API keys
        </Alert>
      )}
      {isPending ? <Text c="dimmed">Loading API keys...</Text> : keys && <KeyList keys={keys} onDelete={setToDelete} />}
      <GenerateKeyModal opened={isGenerateOpen} onClose={generateModal.close} />
      <DeleteKeyModal apiKey={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
