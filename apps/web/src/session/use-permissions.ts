// STUB (to be replaced by the sign-in/guard work): the signed-in user's permission names.
import type { PermissionName } from '@bpm/protocol';

export function usePermissions(): { names: PermissionName[]; has: (name: PermissionName) => boolean } {
  return { names: [], has: () => false };
}
