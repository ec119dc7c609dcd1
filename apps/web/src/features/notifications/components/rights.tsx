// What the caller's role lets them do on the Notifications page (docs/notifications.md "API"): READ views, WRITE
// creates, UPDATE changes and sends tests, DELETE deletes. A button beyond the role's level is disabled with the
// app's sentence in a tooltip, as on the Alarms page (the server checks again).
import type { PermissionLevel } from '@bpm/protocol';
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

export const noPermission = 'You do not have permission to perform this action';

export function RightsButton({
  isAllowed,
  children,
  ...props
}: ButtonProps & { isAllowed: boolean; onClick: () => void; children: ReactNode; 'aria-label'?: string }) {
  const button = (
    <Button {...props} disabled={!isAllowed || props.disabled}>
      {children}
    </Button>
  );
  if (isAllowed) return button;
  return (
    <Tooltip label={noPermission}>
      {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
      <span tabIndex={0}>{button}</span>
    </Tooltip>
  );
}
