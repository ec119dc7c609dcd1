// Change User Password modal (docs/screens.md (Change User Password modal), docs/data-model.md (Validation rules)): both fields required and matching; the server sets the new
// password with an empty current password.
import { passwordSchema, type User } from '@bpm/protocol';
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useChangeUserPassword } from '../api/use-change-user-password';
import { FormModal } from './form-modal';
import { userActionError } from './user-errors';

export interface ChangePasswordModalProps {
  user: User;
  onClose: () => void;
  /** Called with the success sentence once the user list has been re-read. */
  onDone: (message: string) => void;
}

export function ChangePasswordModal({ user, onClose, onDone }: ChangePasswordModalProps) {
  const change = useChangeUserPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});
  const [mismatch, setMismatch] = useState<string | null>(null);
  const submitError = mismatch ?? (change.error && userActionError('password', change.error));

  const submit = () => {
    const found: typeof errors = {};
    if (!newPassword) found.newPassword = 'New password is required';
    else {
      const parsed = passwordSchema.safeParse(newPassword);
      if (!parsed.success) found.newPassword = parsed.error.issues[0]?.message;
    }
    if (!confirmation) found.confirmation = 'Password confirmation is required';
    setErrors(found);
    setMismatch(null);
    change.reset();
    if (found.newPassword || found.confirmation) return;
    if (newPassword !== confirmation) {
      setMismatch('New password and confirmation do not match');
      return;
    }
    change.mutate(
      { userId: user.userId, newPassword },
      {
        onSuccess: () => {
          onDone('Password changed successfully');
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={`Change User Password: ${user.username}`}
      intro="Enter a new password for the user"
      error={submitError}
      isPending={change.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
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
    </FormModal>
  );
}
