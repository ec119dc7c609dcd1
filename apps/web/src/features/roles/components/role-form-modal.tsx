// Create Role and Edit Role (docs/role-editing.md): name, description and a permission × level grid. The
// grid's rows are the protocol's permissionNames, so a permission added there appears here by itself.
import {
  permissionLevels,
  permissionNames,
  roleInputSchema,
  type PermissionLevel,
  type PermissionName,
  type Role,
} from '@bpm/protocol';
import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCreateRole } from '../api/use-create-role';
import { useUpdateRole } from '../api/use-update-role';

type Grants = Partial<Record<PermissionName, PermissionLevel>>;
const none = 'none';

function grantsOf(role: Role | undefined): Grants {
  const grants: Grants = {};
  for (const p of role?.permissions_with_levels ?? [])
    grants[p.permission_name as PermissionName] = p.permission_level_name as PermissionLevel;
  return grants;
}

function PermissionGrid({
  grants,
  onChange,
}: {
  grants: Grants;
  onChange: (name: PermissionName, level: PermissionLevel | undefined) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label="Permissions" verticalSpacing={6} horizontalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            <Table.Th ta="center" fz="xs">
              None
            </Table.Th>
            {permissionLevels.map((level) => (
              <Table.Th key={level} ta="center" fz="xs">
                {level}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {permissionNames.map((name) => (
            // One native radio group per row (shared name): arrow keys move along the row.
            <Table.Tr key={name}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {name}
                </Text>
              </Table.Td>
              {[none, ...permissionLevels].map((level) => (
                <Table.Td key={level} ta="center">
                  <Radio
                    name={`permission-${name}`}
                    value={level}
                    checked={(grants[name] ?? none) === level}
                    onChange={() => onChange(name, level === none ? undefined : (level as PermissionLevel))}
                    aria-label={`${name} ${level === none ? 'None' : level}`}
                    style={{ display: 'inline-block' }}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function RoleFormModal({ role, opened, onClose }: { role?: Role; opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [grants, setGrants] = useState<Grants>(() => grantsOf(role));
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; description?: string }>({});
  const create = useCreateRole();
  const update = useUpdateRole();
  const mutation = role ? update : create;
  const error = mutation.error?.message ?? null;

  const submit = async () => {
    const input = {
      name,
      description,
      permissions: permissionNames.flatMap((permission) => {
        const level = grants[permission];
        return level ? [{ name: permission, level }] : [];
      }),
    };
    const parsed = roleInputSchema.safeParse(input);
    if (!parsed.success) {
      const on = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      const description = on('description');
      setFieldErrors({ name: on('name') ?? (description ? undefined : parsed.error.issues[0]?.message), description });
      return;
    }
    setFieldErrors({});
    try {
      if (role) await update.mutateAsync({ roleId: role.id, input });
      else await create.mutateAsync(input);
      onClose();
    } catch {
      // shown from mutation.error
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? 'Edit Role' : 'Create Role'}
      size="lg"
      // On a phone the whole width: the grid's six columns then fit without scrolling DELETE out of view.
      fullScreen={isPhone}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
            error={fieldErrors.description}
          />
          <PermissionGrid
            grants={grants}
            onChange={(permission, level) => setGrants((current) => ({ ...current, [permission]: level }))}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
