// The signed-in user's permission names for components (gating by name only, spec §6).
import type { PermissionName } from '@bpm/protocol';
import { useEffect, useSyncExternalStore } from 'react';
import { getPermissionNames, loadPermissionNames, subscribePermissions } from './permission-store';

export function usePermissions(): { names: PermissionName[]; has: (name: PermissionName) => boolean } {
  const names = useSyncExternalStore(subscribePermissions, getPermissionNames);
  useEffect(() => {
    if (names.length === 0) void loadPermissionNames();
  }, [names]);
  return { names, has: (name) => names.includes(name) };
}
