// "API Key Generated" (docs/screens.md (API Key Generated view)): the token shown once, and a command that checks it against /keys/check.
import type { CreatedApiKey } from '@bpm/protocol';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { CopyableValue } from './copyable-value';
import { apiBaseUrl } from '../../../lib/api-base-url';
import { KeySummary } from './key-summary';

export const keyCheckCommand = (token: string, apiBase: string) =>
  `curl -H "Authorization: Bearer ${token}" ${apiBase}/keys/check`;

export function KeyGeneratedView({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light">
        Make sure to copy your api key now. You won't be able to see it again!
      </Alert>
      <Text fw={600} size="sm">
        Token
      </Text>
      <CopyableValue value={apiKey.token} label="Token" />
      <KeySummary apiKey={apiKey} />
      <Text size="sm">You can test this key by running the command below.</Text>
      <CopyableValue value={keyCheckCommand(apiKey.token, apiBaseUrl())} label="Command" />
      <Group justify="flex-end">
        <Button onClick={onDone}>Understood</Button>
      </Group>
    </Stack>
  );
}
