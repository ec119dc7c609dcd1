// The Users page (docs/screens.md (Users)): loading and error states, notifications, search, Create User, the
// table (cards below 520 px) and the four user modals.
import type { User } from '@bpm/protocol';
import { Alert, Button, Group, Stack, TextInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { roleHref } from '../../../config/paths';
import { roleQueries } from '../../../lib/roles-query';
import { useIsPhone } from '../../../lib/use-is-phone';
import { usePermissions } from '../../../session/use-permissions';
import { useDeleteUser } from '../api/use-delete-user';
import { userQueries } from '../api/users-api';
import { ChangePasswordModal } from './change-password-modal';
import { PageNotifications, usePageNotifications } from './page-notifications';
import type { UserMenuAction } from './user-actions-menu';
import { UserCards } from './user-cards';
import { userActionError } from './user-errors';
import { CreateUserModal, ModifyUserModal } from './user-form-modal';
import { filterUsers, nextSort, sortUsers, type UserSort } from './user-sort';
import { UsersTable } from './users-table';
import { Icon } from '../../../components/ui/icon';

type OpenModal = { kind: 'create' } | { kind: UserMenuAction; user: User } | null;

export function UsersPage() {
  const users = useQuery(userQueries.list());
  const roles = useQuery(roleQueries.list());
  const deleteUser = useDeleteUser();
  const { has } = usePermissions();
  const notifications = usePageNotifications();
  const isNarrow = useIsPhone();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);

  const shown = useMemo(() => sortUsers(filterUsers(users.data ?? [], search), sort), [users.data, search, sort]);

  if (users.isPending || roles.isPending) return <Text>Loading users...</Text>;
  if (users.isError || roles.isError) {
    return (
      <Alert color="red" role="alert">
        Failed to fetch users or roles. Please try refreshing the page.
      </Alert>
    );
  }

  const canOpenRoles = has('Roles');
  const roleHrefFor = (user: User) => (canOpenRoles ? roleHref(user.roleId) : undefined);
  const closeModal = () => {
    deleteUser.reset();
    setModal(null);
  };
  const onDone = (message: string) => notifications.push('success', message);

  return (
    <Stack gap="md">
      <PageNotifications items={notifications.items} onDismiss={notifications.dismiss} />
      <Group justify="space-between" wrap="nowrap">
        <TextInput
          placeholder="Search users..."
          aria-label="Search users"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<Icon name="search" size={18} />}
          style={{ flex: 1, maxWidth: 360 }}
        />
        <Button color="green" onClick={() => setModal({ kind: 'create' })} leftSection={<Icon name="person_add" />}>
          Create User
        </Button>
      </Group>
      {isNarrow ? (
        <UserCards users={shown} roleHrefFor={roleHrefFor} onAction={(kind, user) => setModal({ kind, user })} />
      ) : (
        <UsersTable
          users={shown}
          roleHrefFor={roleHrefFor}
          onAction={(kind, user) => setModal({ kind, user })}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
        />
      )}
      {shown.length === 0 && <Text c="dimmed">No users found.</Text>}

      {modal?.kind === 'create' && <CreateUserModal roles={roles.data} onClose={closeModal} onDone={onDone} />}
      {modal?.kind === 'modify' && (
        <ModifyUserModal key={modal.user.userId} user={modal.user} roles={roles.data} onClose={closeModal} onDone={onDone} />
      )}
      {modal?.kind === 'password' && (
        <ChangePasswordModal key={modal.user.userId} user={modal.user} onClose={closeModal} onDone={onDone} />
      )}
      {modal?.kind === 'delete' && (
        <ConfirmDeletionModal
          opened
          subject={modal.user.username}
          onClose={closeModal}
          isPending={deleteUser.isPending}
          error={deleteUser.error && userActionError('delete', deleteUser.error)}
          onConfirm={() =>
            deleteUser.mutate(modal.user.userId, {
              onSuccess: () => {
                onDone('User deleted successfully');
                closeModal();
              },
            })
          }
        />
      )}
    </Stack>
  );
}
