// Permission names and levels, and the rule that a higher level implies the lower ones (docs/roles-and-permissions.md (Permission levels), docs/roles-and-permissions.md (Permission names)).
import { z } from 'zod';

export const permissionNames = ['Users', 'Roles', 'Logs', 'Probes', 'Alarms', 'Notifications'] as const;
export const permissionNameSchema = z.enum(permissionNames);
export type PermissionName = z.infer<typeof permissionNameSchema>;

/** Lowest first; the position + 1 is the seeded permission_levels id (docs/storage.md). */
export const permissionLevels = ['READ', 'WRITE', 'UPDATE', 'DELETE'] as const;
export const permissionLevelSchema = z.enum(permissionLevels);
export type PermissionLevel = z.infer<typeof permissionLevelSchema>;

export function levelRank(level: string): number {
  return permissionLevels.indexOf(level as PermissionLevel) + 1;
}

/** DELETE implies UPDATE, WRITE, READ; UPDATE implies WRITE, READ; WRITE implies READ; READ nothing. */
export function impliedLevels(level: string): PermissionLevel[] {
  const rank = levelRank(level);
  if (rank <= 1) return [];
  return permissionLevels.slice(0, rank - 1).reverse();
}

/** True when a permission held at `held` is enough for an action needing `required`. */
export function levelSatisfies(held: string, required: PermissionLevel): boolean {
  const rank = levelRank(held);
  return rank > 0 && rank >= levelRank(required);
}

/** The level an HTTP method needs on its resource (docs/roles-and-permissions.md (Enforcement on the server)). */
export function levelForMethod(method: string): PermissionLevel {
  switch (method.toUpperCase()) {
    case 'POST':
      return 'WRITE';
    case 'PUT':
    case 'PATCH':
      return 'UPDATE';
    case 'DELETE':
      return 'DELETE';
    default:
      return 'READ';
  }
}

/**
 * The grants of `other` above what `own` holds (a permission `own` lacks, or holds at a lower level), in
 * the order of permissionNames: empty when `other` is at or below `own` everywhere (docs/role-editing.md).
 */
export function grantsAbove(
  own: ReadonlyMap<string, string>,
  other: ReadonlyMap<string, string>,
): Array<{ name: PermissionName; level: PermissionLevel }> {
  return permissionNames.flatMap((name) => {
    const level = other.get(name);
    if (level === undefined || levelRank(level) <= levelRank(own.get(name) ?? '')) return [];
    return [{ name, level: level as PermissionLevel }];
  });
}
