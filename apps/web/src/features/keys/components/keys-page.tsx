// API keys (spec §2): Generate, the list, and the generate and delete dialogs.
import type { ApiKey } from '@bpm/protocol';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keyQueries } from '../api/get-keys';
import { DeleteKeyModal } from './delete-key-modal';
import { GenerateKeyModal } from './generate-key-modal';
import { KeyList } from './key-list';
import { Icon } from '../../../components/ui/icon';

export function KeysPage() {
  const queryClient = useQueryClient();
  const { data: keys, error, isPending } = useQuery(keyQueries.list());
  const [isGenerateOpen, generateModal] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keyQueries.all() });

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
          {error.message}
        </Alert>
      )}
      {isPending ? <Text c="dimmed">Loading API keys...</Text> : keys && <KeyList keys={keys} onDelete={setToDelete} />}
      <GenerateKeyModal opened={isGenerateOpen} onClose={generateModal.close} onCreated={refresh} />
      <DeleteKeyModal apiKey={toDelete} onClose={() => setToDelete(null)} onDeleted={refresh} />
    </Stack>
  );
}
