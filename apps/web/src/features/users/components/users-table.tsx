// The Users table (docs/screens.md (Users table)): every column sortable except the actions; email as mailto, role as a pill.
import type { User } from '@bpm/protocol';
import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';
import { Fragment } from 'react';
import { DateWithTooltip } from '../../../components/ui/date-with-tooltip';
import { RolePill } from './role-pill';
import { managedBySso, UserActionsMenu, type UserMenuAction } from './user-actions-menu';
import classes from './users-table.module.css';
import type { UserSort, UserSortColumn } from './user-sort';
import { Icon } from '../../../components/ui/icon';

const columns: { column: UserSortColumn; label: string }[] = [
  { column: 'username', label: 'Username' },
  { column: 'firstName', label: 'First Name' },
  { column: 'lastName', label: 'Last Name' },
  { column: 'email', label: 'Email' },
  { column: 'role', label: 'Role' },
  { column: 'created', label: 'Created' },
  { column: 'updated', label: 'Updated' },
];

export interface UsersViewProps {
  users: User[];
  roleHrefFor: (user: User) => string | undefined;
  onAction: (action: UserMenuAction, user: User) => void;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: UserSortColumn;
  sort: UserSort | null;
  onSort: (column: UserSortColumn) => void;
}) {
  const direction = sort?.column === column ? sort.direction : null;
  const icon = direction === 'asc' ? 'arrow_upward' : direction === 'desc' ? 'arrow_downward' : 'unfold_more';
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column)}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon name={icon} size={16} style={{ opacity: direction ? 1 : 0.4 }} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** An address that may wrap before its "@" and its dots, and nowhere else, when the table is narrow. */
function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export function UsersTable({
  users,
  roleHrefFor,
  onAction,
  sort,
  onSort,
}: UsersViewProps & { sort: UserSort | null; onSort: (column: UserSortColumn) => void }) {
  return (
    // Headers, emails (before "@" and dots) and dates may wrap, so the columns need ~820 px; below that the table
    // scrolls sideways, with the ⋮ column stuck at its right edge (users-table.module.css), so a tablet held
    // upright (768 px) still has every user's actions in view.
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ column, label }) => (
              <SortHeader key={column} label={label} column={column} sort={sort} onSort={onSort} />
            ))}
            <Table.Th aria-label="Actions" w={48} className={classes.actions} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.userId}>
              <Table.Td fw={500}>
                {user.username}
                {user.source === 'sso' && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {managedBySso}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{user.firstName}</Table.Td>
              <Table.Td>{user.lastName}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${user.email}`} size="sm">
                  <BreakableEmail email={user.email} />
                </Anchor>
              </Table.Td>
              <Table.Td>
                <RolePill name={user.role} href={roleHrefFor(user)} />
              </Table.Td>
              <Table.Td>
                <DateWithTooltip value={user.created} zone="offset" />
              </Table.Td>
              <Table.Td>
                <DateWithTooltip value={user.updated} zone="offset" />
              </Table.Td>
              <Table.Td className={classes.actions}>
                <UserActionsMenu user={user} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
