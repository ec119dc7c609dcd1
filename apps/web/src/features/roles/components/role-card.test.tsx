import type { Role } from '@bpm/protocol';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RoleCard } from './role-card';

const permission = (id: number, name: string, level: string) => ({
  permission_id: id,
  permission_name: name,
  permission_description: `${name} permission`,
  permission_level_id: id,
  permission_level_name: level,
});

const role = (overrides: Partial<Role>): Role => ({
  id: 1,
  name: 'Supervisor',
  description: 'Watches the line',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  is_default: false,
  permissions_with_levels: [],
  ...overrides,
});

const pillsOf = (name: string) =>
  within(screen.getByRole('listitem', { name }))
    .getAllByText(/^(READ|WRITE|UPDATE|DELETE)$/)
    .map((pill) => pill.textContent);

describe('RoleCard', () => {
  it('shows each permission level followed by the levels it implies', async () => {
    renderWithProviders(
      <RoleCard
        role={role({
          permissions_with_levels: [
            permission(1, 'Users', 'DELETE'),
            permission(2, 'Roles', 'UPDATE'),
            permission(3, 'Logs', 'WRITE'),
            permission(4, 'Probes', 'READ'),
          ],
        })}
      />,
    );
    expect(await screen.findByRole('listitem', { name: 'Users' })).toBeInTheDocument();
    expect(pillsOf('Users')).toEqual(['DELETE', 'UPDATE', 'WRITE', 'READ']);
    expect(pillsOf('Roles')).toEqual(['UPDATE', 'WRITE', 'READ']);
    expect(pillsOf('Logs')).toEqual(['WRITE', 'READ']);
    expect(pillsOf('Probes')).toEqual(['READ']);
  });

  it('says when a role has no permissions, and marks the default role', async () => {
    renderWithProviders(<RoleCard role={role({ name: 'Operator', is_default: true })} />);
    expect(await screen.findByText('No permissions assigned to this role')).toBeInTheDocument();
    expect(screen.getByText('default')).toBeInTheDocument();
    expect(screen.getAllByText('today')).toHaveLength(2);
  });
});
