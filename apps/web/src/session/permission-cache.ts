// The "p" session-storage cache of the signed-in user's permission names (docs/roles-and-permissions.md (Current user's permission names), docs/data-model.md (General)): lz-string
// compressToUTF16 of JSON {p:[names]}. UTF-16 because sessionStorage stores UTF-16 strings, so this
// is the densest form that survives storage unchanged.
import { permissionNames, type PermissionName } from '@bpm/protocol';
import { compressToUTF16, decompressFromUTF16 } from 'lz-string';

export const permissionCacheKey = 'p';

const isPermissionName = (value: unknown): value is PermissionName =>
  typeof value === 'string' && (permissionNames as readonly string[]).includes(value);

/** The cached names, or null when the cache is missing or corrupt (both mean: fetch again). */
export function readPermissionCache(): PermissionName[] | null {
  const stored = sessionStorage.getItem(permissionCacheKey);
  if (stored === null) return null;
  try {
    const json = decompressFromUTF16(stored);
    if (!json) return null;
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || !('p' in parsed) || !Array.isArray(parsed.p)) return null;
    // Names this client does not know gate nothing, so they are dropped rather than treated as corruption.
    return parsed.p.filter(isPermissionName);
  } catch {
    return null;
  }
}

export function writePermissionCache(names: readonly PermissionName[]): void {
  sessionStorage.setItem(permissionCacheKey, compressToUTF16(JSON.stringify({ p: names })));
}

export function clearPermissionCache(): void {
  sessionStorage.removeItem(permissionCacheKey);
}
