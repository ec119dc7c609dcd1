// The Roles page (docs/screens.md (Roles)): the role list beside the selected role's card; the selection lives in
// the URL hash (#{roleId}), else the first role. Below 768 px one pane at a time with "Back to Roles".
import type { Role } from '@bpm/protocol';
import { Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { roleQueries } from '../../../lib/roles-query';
import { useRoleEditingRights } from './use-role-editing-rights';
import { RoleActions } from './role-actions';
import { RoleFormModal } from './role-form-modal';
import { DefaultPill } from './default-pill';
import { RoleCard } from './role-card';
import { Icon } from '../../../components/ui/icon';

function RoleList({
  roles,
  selectedId,
  onSelect,
}: {
  roles: Role[];
  selectedId: number | undefined;
  onSelect: (role: Role) => void;
}) {
  return (
    <Stack gap={4} component="nav" aria-label="Roles">
      {roles.map((role) => (
        <NavLink
          key={role.id}
          href={`#${role.id}`}
          active={role.id === selectedId}
          aria-current={role.id === selectedId ? 'true' : undefined}
          onClick={(event) => {
            event.preventDefault();
            onSelect(role);
          }}
          label={<Text fw={600}>{role.name}</Text>}
          description={role.description}
          rightSection={role.is_default ? <DefaultPill /> : undefined}
          styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
        />
      ))}
    </Stack>
  );
}

export function RolesPage() {
  const roles = useQuery(roleQueries.list());
  const location = useLocation();
  const navigate = useNavigate();
  const isNarrow = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false });
  const hashId = Number(location.hash.slice(1));
  // On a narrow screen a role named in the hash opens straight on its details.
  const [isShowingDetail, setIsShowingDetail] = useState(location.hash.length > 1);
  const rights = useRoleEditingRights();
  const [isCreating, setIsCreating] = useState(false);

  useEffect(() => {
    // A failed fetch is logged only (docs/api.md (Roles errors)).
    if (roles.isError) console.error('Failed to fetch roles', roles.error);
  }, [roles.isError, roles.error]);

  if (roles.isPending) return <Text>Loading roles...</Text>;
  const list = roles.data ?? [];
  const selected = list.find((role) => role.id === hashId) ?? list[0];
  const select = (role: Role) => {
    void navigate({ hash: `#${role.id}` });
    setIsShowingDetail(true);
  };
  const card = selected && (
    <RoleCard
      role={selected}
      actions={
        <RoleActions
          key={selected.id}
          role={selected}
          rights={rights}
          onDeleted={() => {
            void navigate({ hash: '' });
            setIsShowingDetail(false);
          }}
        />
      }
    />
  );
  const createButton = rights.canCreate && (
    <>
      <Button onClick={() => setIsCreating(true)} style={{ alignSelf: 'flex-start' }}>
        Create Role
      </Button>
      {isCreating && <RoleFormModal opened onClose={() => setIsCreating(false)} />}
    </>
  );

  if (isNarrow) {
    return isShowingDetail && selected ? (
      <Stack gap="sm">
        <Button
          variant="subtle"
          onClick={() => setIsShowingDetail(false)}
          leftSection={<Icon name="arrow_back" />}
          style={{ alignSelf: 'flex-start' }}
        >
          Back to Roles
        </Button>
        {card}
      </Stack>
    ) : (
      <Stack gap="sm">
        {createButton}
        <RoleList roles={list} selectedId={selected?.id} onSelect={select} />
      </Stack>
    );
  }

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Stack gap="sm" style={{ width: 320, flexShrink: 0 }}>
        {createButton}
        <RoleList roles={list} selectedId={selected?.id} onSelect={select} />
      </Stack>
      <div style={{ flex: 1, minWidth: 0 }}>{card}</div>
    </Group>
  );
}
