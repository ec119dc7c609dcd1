import type { PermissionName } from '@bpm/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithCommitPhases } from '../../testing/commit-phases';
import { json, stubFetch } from '../../testing/fetch-routes';
import { roleWithPermissions } from '../../testing/fixtures';
import { Sidebar, visibleSystemItems } from './sidebar';

const holding =
  (...names: PermissionName[]) =>
  (name: PermissionName) =>
    names.includes(name);

describe('the System group of the sidebar', () => {
  it('shows Logs, Roles, Users in that order for an administrator', () => {
    expect(visibleSystemItems(holding('Users', 'Roles', 'Logs', 'Probes')).map((item) => item.label)).toEqual([
      'Logs',
      'Roles',
      'Users',
    ]);
  });

  it('shows only the items whose permission is held', () => {
    expect(visibleSystemItems(holding('Roles', 'Logs', 'Probes')).map((item) => item.label)).toEqual(['Logs', 'Roles']);
  });

  it('is empty (so hidden) without any of them', () => {
    expect(visibleSystemItems(holding('Probes'))).toEqual([]);
  });
});

describe('the sidebar drawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  function WithMenuButton() {
    const [opened, setOpened] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpened(true)}>
          Menu
        </button>
        <Sidebar opened={opened} onClose={() => setOpened(false)} />
      </>
    );
  }

  it("is not mounted in the layout's first commit (a closed drawer mounts a portal, re-rendered at once), and opens", async () => {
    stubFetch({ 'GET /roles/@me': json(roleWithPermissions([], 'READ', 'Operator')) });
    const user = userEvent.setup({ delay: null });
    const { phases } = await renderWithCommitPhases(<WithMenuButton />);
    expect(phases.slice(0, 2)).toEqual(['mount', 'update']);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});
