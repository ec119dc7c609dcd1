// Edit, Set as default and Delete for the selected role, each shown only to those whose role allows it; the
// built-in Administrator role is never edited or deleted (docs/role-editing.md), so it says so instead.
import { administratorRoleId, type Role } from '@bpm/protocol';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import type { RoleEditingRights } from './use-role-editing-rights';
import { useDeleteRole } from '../api/use-delete-role';
import { useSetDefaultRole } from '../api/use-set-default-role';
import { RoleFormModal } from './role-form-modal';

export function RoleActions({ role, rights, onDeleted }: { role: Role; rights: RoleEditingRights; onDeleted: () => void }) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const makeDefault = useSetDefaultRole();
  const remove = useDeleteRole();
  if (!rights.canEdit && !rights.canDelete) return null;
  const fixed = role.id === administratorRoleId;
  return (
    <>
      {fixed && (
        <Text size="sm" c="dimmed">
          The Administrator role always holds every permission and cannot be changed
        </Text>
      )}
      <Group gap="xs">
        {rights.canEdit && !fixed && (
          <Button size="xs" variant="light" onClick={() => setOpen('edit')}>
            Edit
          </Button>
        )}
        {rights.canEdit && !role.is_default && (
          <Button size="xs" variant="default" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate(role.id)}>
            Set as default
          </Button>
        )}
        {rights.canDelete && !fixed && (
          <Button size="xs" color="red" variant="light" onClick={() => setOpen('delete')}>
            Delete
          </Button>
        )}
      </Group>
      {makeDefault.error && (
        <Alert color="red" role="alert">
          {makeDefault.error.message}
        </Alert>
      )}
      {open === 'edit' && <RoleFormModal role={role} opened onClose={() => setOpen(null)} />}
      <ConfirmDeletionModal
        opened={open === 'delete'}
        subject={role.name}
        onClose={() => {
          remove.reset();
          setOpen(null);
        }}
        onConfirm={() =>
          remove.mutate(role.id, {
            onSuccess: () => {
              setOpen(null);
              onDeleted();
            },
          })
        }
        isPending={remove.isPending}
        error={remove.error?.message ?? null}
      />
    </>
  );
}
