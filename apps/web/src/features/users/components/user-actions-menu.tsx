// The ⋮ menu of a user row or card (docs/screens.md (User actions menu)): Modify User, Change Password, Delete User.
import type { User } from '@bpm/protocol';
import { ActionIcon, Menu } from '@mantine/core';
import { Icon } from '../../../components/ui/icon';
import { readUserCache } from '../../../session/user-cache';

export type UserMenuAction = 'modify' | 'password' | 'delete';

/** Your own password needs the current one (docs/security.md), which this dialog does not ask: the Account page does. */
const ownPasswordHint = 'Change your own password on the Account page, with your current password';

export function UserActionsMenu({ user, onAction }: { user: User; onAction: (action: UserMenuAction, user: User) => void }) {
  const isSelf = readUserCache()?.username.toLowerCase() === user.username.toLowerCase();
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
        <Menu.Item
          leftSection={<Icon name="key" />}
          onClick={() => onAction('password', user)}
          disabled={isSelf}
          title={isSelf ? ownPasswordHint : undefined}
          aria-description={isSelf ? ownPasswordHint : undefined}
        >
          Change Password
        </Menu.Item>
        <Menu.Item color="red" leftSection={<Icon name="delete" />} onClick={() => onAction('delete', user)}>
          Delete User
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
