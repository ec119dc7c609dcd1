// Whether the signed-in user's role holds a permission at a level: buttons that need more than READ are
// disabled with a tooltip when it does not (the server checks again).
import type { PermissionLevel, PermissionName } from '@bpm/protocol';
import { useQuery } from '@tanstack/react-query';
import { myRoleQueries, roleAllows } from './my-role';

export function usePermissionLevel(name: PermissionName, level: PermissionLevel): boolean {
  const me = useQuery(myRoleQueries.me());
  return roleAllows(me.data, name, level);
}
