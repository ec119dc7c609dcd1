// Delete Role confirmation (docs/role-editing.md): the server refuses a held or default role and says why.
import type { Role } from '@bpm/protocol';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDeleteRole } from '../api/use-role-mutations';

export function DeleteRoleModal({
  role,
  opened,
  onClose,
  onDeleted,
}: {
  role: Role;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteRole();
  return (
    <Modal opened={opened} onClose={onClose} title="Delete Role">
      <Stack gap="sm">
        <Text>
          Delete the role <b>{role.name}</b>? You cannot undo this action.
        </Text>
        {remove.error && (
          <Alert color="red" role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(role.id, {
                onSuccess: () => {
                  onDeleted();
                  onClose();
                },
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
