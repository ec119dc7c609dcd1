// Change User Password modal (spec §2, §5): both fields required and matching; the server sets the new
// password with an empty current password.
import { passwordSchema, type User } from '@bpm/protocol';
import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormModalFooter } from '../../../components/ui/form-modal-footer';

export interface ChangePasswordModalProps {
  opened: boolean;
  user: User;
  onClose: () => void;
  onSubmit: (newPassword: string) => Promise<void>;
}

export function ChangePasswordModal({ opened, user, onClose, onSubmit }: ChangePasswordModalProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async () => {
    const found: typeof errors = {};
    if (!newPassword) found.newPassword = 'New password is required';
    else {
      const parsed = passwordSchema.safeParse(newPassword);
      if (!parsed.success) found.newPassword = parsed.error.issues[0]?.message;
    }
    if (!confirmation) found.confirmation = 'Password confirmation is required';
    setErrors(found);
    setSubmitError(null);
    if (found.newPassword || found.confirmation) return;
    if (newPassword !== confirmation) {
      setSubmitError('New password and confirmation do not match');
      return;
    }
    setIsSubmitting(true);
    try {
      await onSubmit(newPassword);
      onClose();
    } catch (caught) {
      setSubmitError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={isSubmitting ? () => {} : onClose} title={`Change User Password: ${user.username}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">Enter a new password for the user</Text>
          <PasswordInput
            label="New Password"
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={errors.newPassword}
          />
          <PasswordInput
            label="Confirm New Password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
          />
          <FormModalFooter error={submitError} isSubmitting={isSubmitting} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
