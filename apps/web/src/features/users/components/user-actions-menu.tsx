// The ⋮ menu of a user row or card (spec §2): Modify User, Change Password, Delete User.
import type { User } from '@bpm/protocol';
import { ActionIcon, Menu } from '@mantine/core';
import { Icon } from '../../../components/ui/icon';

export type UserMenuAction = 'modify' | 'password' | 'delete';

export function UserActionsMenu({ user, onAction }: { user: User; onAction: (action: UserMenuAction, user: User) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${user.username}`}
          onClick={(event) => event.stopPropagation()}
        >
          <Icon name="more_vert" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<Icon name="edit" />} onClick={() => onAction('modify', user)}>
          Modify User
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="key" />} onClick={() => onAction('password', user)}>
          Change Password
        </Menu.Item>
        <Menu.Item color="red" leftSection={<Icon name="delete" />} onClick={() => onAction('delete', user)}>
          Delete User
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
