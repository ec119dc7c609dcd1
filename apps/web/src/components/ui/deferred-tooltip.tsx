// A Mantine Tooltip mounted in a task after its target's (docs/decisions/dashboard.md#no-update-in-a-mounting-commit).
import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMountedLater } from '../../lib/use-mounted-later';

/**
 * Mantine's Tooltip, mounted in a later task than its target (useMountedLater: one tooltip per task). At mount a
 * Tooltip updates its own state (the floating position's reference, its portal), and React renders such updates
 * synchronously before the commit's task ends, running every effect of the commit first: on the signed-in layout, the
 * whole screen's effects and the tooltips' re-renders were one task. The target is the same element before and after;
 * it is mounted anew with the tooltip, a few milliseconds after the screen first appears, before a user can reach it.
 */
export function DeferredTooltip(props: TooltipProps) {
  return useMountedLater() ? <Tooltip {...props} /> : props.children;
}
