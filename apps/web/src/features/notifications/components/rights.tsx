// What the caller's role lets them do on the Notifications page (docs/notifications.md "API"): READ views, WRITE
// creates, UPDATE changes and sends tests, DELETE deletes. A button beyond the role's level is disabled with the
// app's sentence in a tooltip (components/ui/permission-button.tsx); the server checks again.
import type { PermissionLevel } from '@bpm/protocol';
import { useQuery } from '@tanstack/react-query';
import { myRoleQueries, roleAllows } from '../../../session/my-role';

export interface NotificationRights {
  canCreate: boolean;
  canChange: boolean;
  canDelete: boolean;
}

export function useNotificationRights(): NotificationRights {
  const me = useQuery(myRoleQueries.me());
  const can = (level: PermissionLevel) => roleAllows(me.data, 'Notifications', level);
  return { canCreate: can('WRITE'), canChange: can('UPDATE'), canDelete: can('DELETE') };
}
