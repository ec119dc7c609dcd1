// "Update your password" (docs/screens.md (Account), docs/data-model.md (Change own password), docs/api.md (Change own password errors)).
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { passwordChangeFailureMessage, useChangeOwnPassword } from '../api/use-change-own-password';

type Outcome = { isSuccess: boolean; message: string } | null;

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = useChangeOwnPassword();

  const close = () => {
    setCurrentPassword('');
    setNewPassword('');
    setConfirmation('');
    setOutcome(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirmation) {
      setOutcome({ isSuccess: false, message: 'Error: New passwords do not match' });
      return;
    }
    setOutcome(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          setConfirmation('');
          setOutcome({ isSuccess: true, message: 'Password changed successfully!' });
        },
        onError: (error) => setOutcome({ isSuccess: false, message: passwordChangeFailureMessage(error) }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Update your password" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">Enter your current password and a new password</Text>
          <PasswordInput
            label="Current Password"
            required
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="New Password"
            required
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm New Password"
            required
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          {outcome && (
            <Alert color={outcome.isSuccess ? 'green' : 'red'} variant="light" role={outcome.isSuccess ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
