// The signed-in user's permission names for components (gating by name only, docs/roles-and-permissions.md (Gating in the web app)).
import type { PermissionName } from '@bpm/protocol';
import { useEffect, useSyncExternalStore } from 'react';
import { getPermissionNames, loadPermissionNames, subscribePermissions } from './permission-store';

export function usePermissions(): { names: PermissionName[]; has: (name: PermissionName) => boolean } {
  const names = useSyncExternalStore(subscribePermissions, getPermissionNames);
  useEffect(() => {
    // Once per mount: an Operator's list is legitimately empty and must not trigger a request loop.
    if (getPermissionNames().length === 0) void loadPermissionNames();
  }, []);
  return { names, has: (name) => names.includes(name) };
}
