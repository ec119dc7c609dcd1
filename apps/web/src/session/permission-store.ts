// The current user's permission names in memory, backed by the "p" cache
// (docs/roles-and-permissions.md (Current user's permission names)): an empty in-memory list reads the cache; a missing or corrupt cache re-fetches;
// a failed fetch clears both.
import type { PermissionName, Role } from '@bpm/protocol';
import { clearPermissionCache, readPermissionCache, writePermissionCache } from './permission-cache';
import { getMyRole } from '../lib/api-client';
import { permissionNamesOf } from './my-role';

let names: PermissionName[] = [];
const listeners = new Set<() => void>();

const sameNames = (a: PermissionName[], b: PermissionName[]) => a.length === b.length && a.every((name, i) => name === b[i]);

function setNames(next: PermissionName[]): void {
  // Subscribers re-render on a new array, so an unchanged list keeps its identity.
  if (sameNames(names, next)) return;
  names = next;
  listeners.forEach((listener) => listener());
}

export const getPermissionNames = (): PermissionName[] => names;

export function subscribePermissions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Fetches the names from GET /roles/@me, or takes the answer of that request when the caller already sent it (the
 * route guard sends it beside the login check); on failure logs and clears memory and cache (docs/api.md (Roles errors)).
 */
export async function refreshPermissionNames(myRole: Promise<Role> = getMyRole()): Promise<PermissionName[]> {
  try {
    const fresh = permissionNamesOf(await myRole);
    writePermissionCache(fresh);
    setNames(fresh);
  } catch (error) {
    console.error('Error updating permissions', error);
    clearPermissionNames();
  }
  return names;
}

/** The names without a request when memory or the cache has them. */
export async function loadPermissionNames(): Promise<PermissionName[]> {
  if (names.length > 0) return names;
  const cached = readPermissionCache();
  if (cached !== null) {
    setNames(cached);
    return names;
  }
  return refreshPermissionNames();
}

export function clearPermissionNames(): void {
  clearPermissionCache();
  if (names.length > 0) setNames([]);
}
