import type { Role } from '@bpm/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RolesPage } from './roles-page';

const role = (id: number, name: string, is_default = false): Role => ({
  id,
  name,
  description: `${name} description`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  is_default,
  permissions_with_levels: [],
});

function mockRoles(roles: Role[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(roles), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RolesPage', () => {
  it('selects the role named in the hash, and updates the hash on selection', async () => {
    mockRoles([role(1, 'Administrator'), role(2, 'Supervisor'), role(3, 'Operator', true)]);
    const { router } = renderWithProviders(<RolesPage />, { route: '/roles#2' });
    expect(screen.getByText('Loading roles...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Supervisor' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Operator'));
    expect(await screen.findByRole('heading', { name: 'Operator' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#3');
  });

  it('selects the first role without a hash', async () => {
    mockRoles([role(1, 'Administrator'), role(2, 'Supervisor')]);
    renderWithProviders(<RolesPage />, { route: '/roles' });
    expect(await screen.findByRole('heading', { name: 'Administrator' })).toBeInTheDocument();
  });
});
