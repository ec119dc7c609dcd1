// The Users page's form dialogs (docs/screens.md (Modals and forms)): title, a line of instructions, the fields, the
// submit error, then Cancel / Submit, Submit reading "Submitting..." and disabled while the request runs
// (docs/screens.md (Modals and forms)); the dialog cannot be closed meanwhile.
import { Alert, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { ModalActions } from '../../../components/ui/modal-actions';
import type { ReactNode } from 'react';

export interface FormModalProps {
  title: string;
  intro: string;
  error: string | null;
  isPending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitColor?: MantineColor;
  children: ReactNode;
}

export function FormModal({ title, intro, error, isPending, onClose, onSubmit, submitColor, children }: FormModalProps) {
  return (
    <Modal opened onClose={isPending ? () => {} : onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{intro}</Text>
          {children}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <ModalActions
            onCancel={onClose}
            isPending={isPending}
            label="Submit"
            pendingLabel="Submitting..."
            color={submitColor}
          />
        </Stack>
      </form>
    </Modal>
  );
}
