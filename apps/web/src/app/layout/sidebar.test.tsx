import type { PermissionName } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { visibleSystemItems } from './sidebar';

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
