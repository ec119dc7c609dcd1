// A Mantine Tooltip mounted one commit after its target (docs/decisions/dashboard.md, Round 16).
import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMountedLater } from '../../lib/use-mounted-later';

/**
 * Mantine's Tooltip, mounted in a commit after the one that mounts its target. At mount a Tooltip updates its own
 * state (the floating position's reference, its portal), and React renders such updates synchronously before the
 * commit's task ends, running every effect of the commit first: on the signed-in layout, the whole screen's effects
 * and the tooltips' re-renders were one task. The target is the same element before and after; it is mounted anew
 * with the tooltip, which its user cannot notice (it happens right after the screen first appears).
 */
export function DeferredTooltip(props: TooltipProps) {
  return useMountedLater() ? <Tooltip {...props} /> : props.children;
}
