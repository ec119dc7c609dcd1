// The Account details: Username read-only; first name, last name and email saved through PUT /users/@me.
import type { User } from '@bpm/protocol';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useUpdateCurrentUser } from '../api/use-update-current-user';

export function AccountForm({ user }: { user: User }) {
  // docs/sso.md (Accounts): the identity provider owns an SSO account's name; it is shown, not edited.
  const managedProps =
    user.source === 'sso' ? { readOnly: true, variant: 'filled', description: 'Managed by single sign-on' } : {};
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [email, setEmail] = useState(user.email);
  const save = useUpdateCurrentUser();
  const isChanged = firstName !== user.firstName || lastName !== user.lastName || email !== user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { firstName, lastName, email },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Account updated' }) },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Username" value={user.username} readOnly variant="filled" />
        <TextInput
          label="First name"
          required
          value={firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
          {...managedProps}
        />
        <TextInput
          label="Last name"
          required
          value={lastName}
          onChange={(event) => setLastName(event.currentTarget.value)}
          {...managedProps}
        />
        <TextInput label="Email" type="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!isChanged || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
