// "Confirm Deletion: {name}" dialog shared by probe and user deletion (docs/screens.md (Modals and forms)): Cancel / Delete,
// Delete showing "Deleting..." and disabled while the deletion runs; an error stays in the dialog.
// The caller runs the deletion (a mutation) and passes its state in.
import { Alert, Modal, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useMountedLater } from '../../lib/use-mounted-later';
import { ModalActions } from './modal-actions';

export interface ConfirmDeletionModalProps {
  opened: boolean;
  /** Shown after "Confirm Deletion: ". */
  subject: string;
  onClose: () => void;
  /** Starts the deletion; the caller closes the dialog when it succeeds. */
  onConfirm: () => void;
  /** True while the deletion runs: both buttons are disabled and the dialog cannot be closed. */
  isPending: boolean;
  /** The failed deletion's sentence, shown in the dialog. */
  error: string | null;
  children?: ReactNode;
}

/** Memoised: a page that re-renders often (the Dashboard, at each new row order) does not re-render it while closed. */
export const ConfirmDeletionModal = memo(function ConfirmDeletionModal({
  opened,
  subject,
  onClose,
  onConfirm,
  isPending,
  error,
  children,
}: ConfirmDeletionModalProps) {
  const close = () => {
    if (!isPending) onClose();
  };
  // Mounted after its screen's first commit: a closed modal still mounts its portal
  // (docs/decisions/dashboard.md#no-update-in-a-mounting-commit).
  if (!useMountedLater()) return null;

  return (
    <Modal opened={opened} onClose={close} title={`Confirm Deletion: ${subject}`} centered>
      <Text mb="md">This action cannot be undone.</Text>
      {children}
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error}
        </Alert>
      )}
      <ModalActions
        onCancel={close}
        onConfirm={onConfirm}
        isPending={isPending}
        label="Delete"
        pendingLabel="Deleting..."
        color="red"
      />
    </Modal>
  );
});
