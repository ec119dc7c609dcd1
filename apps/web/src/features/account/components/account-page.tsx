// Account (spec §2): the user's details, Change Password and Log out.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { forgetSession } from '../../../session/end-session';
import { currentUserQuery } from '../api/get-current-user';
import { logOut } from '../api/log-out';
import { AccountForm } from './account-form';
import { ChangePasswordModal } from './change-password-modal';
import { Icon } from '../../../components/ui/icon';

function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      if (!(await logOut())) {
        notifications.show({ color: 'red', message: 'Failed to log out. Please try again.' });
        return;
      }
    } catch {
      notifications.show({ color: 'red', message: 'An error occurred. Please try again.' });
      return;
    }
    forgetSession();
    queryClient.clear();
    void navigate(paths.login);
  };
}

export function AccountPage() {
  const { data: user, error, isPending } = useQuery(currentUserQuery());
  const [isPasswordOpen, passwordModal] = useDisclosure(false);
  const logOutNow = useLogOut();

  useEffect(() => {
    if (error) notifications.show({ color: 'red', message: 'An error occurred while fetching account information.' });
  }, [error]);

  if (isPending) return <Text>Loading account information...</Text>;
  return (
    <Stack maw={560} gap="md">
      <Title order={2}>Account</Title>
      {user && (
        <Card withBorder padding="lg" radius="md">
          {/* Keyed by the saved values so a successful save resets the "changed" state. */}
          <AccountForm key={`${user.firstName}|${user.lastName}|${user.email}`} user={user} />
        </Card>
      )}
      <Group>
        <Button variant="default" leftSection={<Icon name="lock_reset" />} onClick={passwordModal.open}>
          Change Password
        </Button>
        <Button color="red" variant="light" leftSection={<Icon name="logout" />} onClick={() => void logOutNow()}>
          Log out
        </Button>
      </Group>
      <ChangePasswordModal opened={isPasswordOpen} onClose={passwordModal.close} />
    </Stack>
  );
}
