// A channel's or a rule's buttons on its card: Edit, Enable/Disable, what else the item has (Send test), Delete; each
// disabled with its tooltip beyond the role's level (rights.tsx).
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { PermissionButton } from '../../../components/ui/permission-button';
import type { NotificationRights } from './rights';

export function ItemActions({
  name,
  enabled,
  rights,
  toggling,
  onEdit,
  onToggle,
  onDelete,
  children,
}: {
  name: string;
  enabled: boolean;
  rights: NotificationRights;
  toggling: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs">
      <PermissionButton size="xs" variant="light" isAllowed={rights.canChange} onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </PermissionButton>
      <PermissionButton
        size="xs"
        variant="default"
        isAllowed={rights.canChange}
        loading={toggling}
        onClick={onToggle}
        aria-label={`${enabled ? 'Disable' : 'Enable'} ${name}`}
      >
        {enabled ? 'Disable' : 'Enable'}
      </PermissionButton>
      {children}
      <PermissionButton
        size="xs"
        color="red"
        variant="light"
        isAllowed={rights.canDelete}
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </PermissionButton>
    </Group>
  );
}
