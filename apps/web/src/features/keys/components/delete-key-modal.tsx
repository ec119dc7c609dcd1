// "Delete API Key" (spec §2): the danger banner naming the product's API, Name, Expiration, Cancel / Delete.
import { productName, type ApiKey } from '@bpm/protocol';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { deleteKey } from '../api/delete-key';
import { KeySummary } from './key-summary';

export function DeleteKeyModal({
  apiKey,
  onClose,
  onDeleted,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [isDeleting, setIsDeleting] = useState(false);
  const confirm = async () => {
    if (!apiKey) return;
    setIsDeleting(true);
    await deleteKey(apiKey.id);
    setIsDeleting(false);
    // Whatever the answer, the dialog closes and the list is re-read (spec §8 API keys).
    onDeleted();
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={() => !isDeleting && onClose()} title="Delete API Key" centered>
      {apiKey && (
        <Stack gap="sm">
          <Alert color="red" variant="light">
            Any applications or scripts using this key will no longer be able to access the {productName} API. You cannot undo
            this action.
          </Alert>
          <KeySummary apiKey={apiKey} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isDeleting}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} disabled={isDeleting}>
              {isDeleting ? 'Deleting...' : 'Delete'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
