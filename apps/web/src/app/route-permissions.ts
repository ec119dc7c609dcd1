// Which permission each guarded route needs (docs/screens.md (Route list), docs/roles-and-permissions.md (Gating in the web app)): used by the guard and the sidebar.
import type { PermissionName } from '@bpm/protocol';
import { paths } from '../config/paths';

export const routePermissions: Readonly<Record<string, PermissionName>> = {
  [paths.users]: 'Users',
  [paths.roles]: 'Roles',
  [paths.logs]: 'Logs',
  [paths.notifications]: 'Notifications',
};

export function requiredPermissionFor(pathname: string): PermissionName | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routePermissions[normalised];
}
