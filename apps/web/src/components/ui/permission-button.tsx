// A button the user's permissions may not allow: disabled with the spec's tooltip then (as for Delete); the alarm
// actions of the Alarms page, the Dashboard's marker and Probe Details.
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export const noPermission = 'You do not have permission to perform this action';

export interface PermissionButtonProps extends ButtonProps {
  isAllowed: boolean;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

export function PermissionButton({ isAllowed, children, ...props }: PermissionButtonProps) {
  const button = (
    // Filled buttons one shade darker than the theme's: white text on them passes the contrast check.
    <Button
      color={props.variant === undefined || props.variant === 'filled' ? 'blue.8' : undefined}
      {...props}
      disabled={!isAllowed || props.disabled}
    >
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
