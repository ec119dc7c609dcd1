// Account (docs/screens.md (Account)): the user's details, Change Password and Log out.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client';
import { accountQueries } from '../api/account-api';
import { useLogOut } from '../api/use-log-out';
import { AccountForm } from './account-form';
import { ChangePasswordModal } from './change-password-modal';
import { Icon } from '../../../components/ui/icon';

export function AccountPage() {
  const { data: user, error, isPending } = useQuery(accountQueries.currentUser());
  const [isPasswordOpen, passwordModal] = useDisclosure(false);
  const logOut = useLogOut();
  const logOutNow = () =>
    logOut.mutate(undefined, {
      onError: (failure) =>
        notifications.show({
          color: 'red',
          message: isApiError(failure) ? 'Failed to log out. Please try again.' : 'An error occurred. Please try again.',
        }),
    });

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
        <Button
          variant="default"
          leftSection={<Icon name="lock_reset" />}
          onClick={passwordModal.open}
          // docs/sso.md (Accounts): an SSO account has no BPM password to change.
          disabled={user?.source === 'sso'}
          title={user?.source === 'sso' ? 'Managed by single sign-on' : undefined}
        >
          Change Password
        </Button>
        <Button color="red" variant="light" leftSection={<Icon name="logout" />} onClick={logOutNow}>
          Log out
        </Button>
      </Group>
      <ChangePasswordModal opened={isPasswordOpen} onClose={passwordModal.close} />
    </Stack>
  );
}
