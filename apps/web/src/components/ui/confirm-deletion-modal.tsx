// "Confirm Deletion: {name}" dialog shared by probe and user deletion (spec §2): Cancel / Delete,
// Delete showing "Deleting..." and disabled while the deletion runs; an error stays in the dialog.
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface ConfirmDeletionModalProps {
  opened: boolean;
  /** Shown after "Confirm Deletion: ". */
  subject: string;
  onClose: () => void;
  /** Runs the deletion; a thrown Error's message is shown in the dialog. */
  onConfirm: () => Promise<void>;
  children?: ReactNode;
}

export function ConfirmDeletionModal({ opened, subject, onClose, onConfirm, children }: ConfirmDeletionModalProps) {
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (isDeleting) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setIsDeleting(true);
    setError(null);
    try {
      await onConfirm();
      setIsDeleting(false);
      onClose();
    } catch (caught) {
      setIsDeleting(false);
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`Confirm Deletion: ${subject}`} centered>
      <Text mb="md">This action cannot be undone.</Text>
      {children}
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  );
}
