// What the caller's own role lets them do on the Roles page (the server checks again).
import { levelSatisfies, type PermissionLevel } from '@bpm/protocol';
import { useQuery } from '@tanstack/react-query';
import { roleEditingQueries } from '../api/role-editing-api';

export interface RoleEditingRights {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Roles WRITE creates, UPDATE edits and sets the default, DELETE deletes (the server checks again). */
export function useRoleEditingRights(): RoleEditingRights {
  const me = useQuery(roleEditingQueries.me());
  const held = me.data?.permissions_with_levels?.find((p) => p.permission_name === 'Roles')?.permission_level_name;
  const can = (level: PermissionLevel) => held !== undefined && levelSatisfies(held, level);
  return { canCreate: can('WRITE'), canEdit: can('UPDATE'), canDelete: can('DELETE') };
}
