// What the caller's own role lets them do on the Roles page (the server checks again).
import type { PermissionLevel } from '@bpm/protocol';
import { useQuery } from '@tanstack/react-query';
import { roleAllows } from '../../../session/my-role';
import { roleEditingQueries } from '../api/role-editing-api';

export interface RoleEditingRights {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Roles WRITE creates, UPDATE edits and sets the default, DELETE deletes (the server checks again). */
export function useRoleEditingRights(): RoleEditingRights {
  const me = useQuery(roleEditingQueries.me());
  const can = (level: PermissionLevel) => roleAllows(me.data, 'Roles', level);
  return { canCreate: can('WRITE'), canEdit: can('UPDATE'), canDelete: can('DELETE') };
}
