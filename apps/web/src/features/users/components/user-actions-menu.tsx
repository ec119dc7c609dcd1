// The ⋮ menu of a user row or card (docs/screens.md (User actions menu)): Modify User, Change Password, Delete User.
import type { User } from '@bpm/protocol';
import { ActionIcon, Menu } from '@mantine/core';
import { Icon } from '../../../components/ui/icon';
import { readUserCache } from '../../../session/user-cache';

export type UserMenuAction = 'modify' | 'password' | 'delete';

/** Your own password needs the current one (docs/security.md), which this dialog does not ask: the Account page does. */
const ownPasswordHint = 'Change your own password on the Account page, with your current password';
/** docs/sso.md (Accounts): the identity provider owns an SSO account's username, name, role and password. */
export const managedBySso = 'Managed by single sign-on';

export function UserActionsMenu({ user, onAction }: { user: User; onAction: (action: UserMenuAction, user: User) => void }) {
  const isSelf = readUserCache()?.username.toLowerCase() === user.username.toLowerCase();
  const isSso = user.source === 'sso';
  const passwordHint = isSso ? managedBySso : isSelf ? ownPasswordHint : undefined;
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
        <Menu.Item
          leftSection={<Icon name="edit" />}
          onClick={() => onAction('modify', user)}
          disabled={isSso}
          title={isSso ? managedBySso : undefined}
          aria-description={isSso ? managedBySso : undefined}
        >
          Modify User
        </Menu.Item>
        <Menu.Item
          leftSection={<Icon name="key" />}
          onClick={() => onAction('password', user)}
          disabled={isSelf || isSso}
          title={passwordHint}
          aria-description={passwordHint}
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
