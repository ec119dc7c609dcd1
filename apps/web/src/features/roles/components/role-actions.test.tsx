import { administratorRoleId, type Role } from '@bpm/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RoleActions } from './role-actions';

const role = (id: number, name: string): Role => ({
  id,
  name,
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  is_default: false,
  permissions_with_levels: [],
});
const allRights = { canCreate: true, canEdit: true, canDelete: true };

describe('RoleActions', () => {
  it('offers no Edit or Delete on the built-in Administrator role, and says why', () => {
    renderWithProviders(
      <RoleActions role={role(administratorRoleId, 'Administrator')} rights={allRights} onDeleted={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText('The Administrator role always holds every permission and cannot be changed')).toBeInTheDocument();
  });

  it('offers Edit and Delete on other roles', () => {
    renderWithProviders(<RoleActions role={role(2, 'Supervisor')} rights={allRights} onDeleted={() => {}} />);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
