// The ⋮ menu of a user row or card (docs/screens.md (User actions menu)): Modify User, Change Password, Delete User.
import type { User } from '@bpm/protocol';
import { ActionIcon, Menu } from '@mantine/core';

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
          <span className="material-symbols-outlined" aria-hidden>
            more_vert
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={
            <span className="material-symbols-outlined" aria-hidden>
              edit
            </span>
          }
          onClick={() => onAction('modify', user)}
        >
          Modify User
        </Menu.Item>
        <Menu.Item
          leftSection={
            <span className="material-symbols-outlined" aria-hidden>
              key
            </span>
          }
          onClick={() => onAction('password', user)}
        >
          Change Password
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={
            <span className="material-symbols-outlined" aria-hidden>
              delete
            </span>
          }
          onClick={() => onAction('delete', user)}
        >
          Delete User
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
