// "Delete API Key" (docs/screens.md (Delete API Key modal)): the danger banner naming the product's API, Name, Expiration, Cancel / Delete.
import { productName, type ApiKey } from '@bpm/protocol';
import { Alert, Modal, Stack } from '@mantine/core';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useDeleteKey } from '../api/use-delete-key';
import { KeySummary } from './key-summary';

export function DeleteKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const deletion = useDeleteKey();
  const isDeleting = deletion.isPending;
  // Whatever the answer, the dialog closes (docs/api.md (API keys errors)); the hook logs a failure and re-reads the list.
  const confirm = () => {
    if (apiKey) deletion.mutate(apiKey.id, { onSettled: onClose });
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
          <ModalActions
            onCancel={onClose}
            onConfirm={confirm}
            isPending={isDeleting}
            label="Delete"
            pendingLabel="Deleting..."
            color="red"
          />
        </Stack>
      )}
    </Modal>
  );
}
