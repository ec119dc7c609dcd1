// The Normal, Warning and Critical probe counts of the top bar (docs/screens.md (Top bar)). The Critical pill is solid red
// only while the count is above 0; below 768 px each pill shrinks to its icon and number, never truncated; while
// the live data is lost the pills are greyed and say so (docs/operator-screen.md).
import { Badge, Box, Group, type BadgeProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, type ComponentPropsWithRef } from 'react';
import { DeferredTooltip } from '../../components/ui/deferred-tooltip';
import { Icon, type IconName } from '../../components/ui/icon';
import { useProbeCount, type ProbeCounts as Counts } from '../../live/hooks/use-live';
import { notLiveLabel, notLiveStyle, useIsNotLive } from './not-live';

type CountedState = Exclude<keyof Counts, 'total'>;

interface CountLook {
  icon: IconName;
  variant: 'filled' | 'light';
  colour: string;
  /** On the light variants the text is dark (4.5:1) and the icon carries the colour. */
  iconColour?: string;
}

const pills: { state: CountedState; label: string }[] = [
  { state: 'normal', label: 'Normal' },
  { state: 'warning', label: 'Warning' },
  { state: 'critical', label: 'Critical' },
];

function lookOf(state: CountedState, value: number): CountLook {
  switch (state) {
    case 'normal':
      return { icon: 'check', variant: 'light', colour: 'green', iconColour: 'green-9' };
    case 'warning':
      // Grey at 0, like Critical: colour only for the abnormal (ISA-101).
      return value > 0
        ? { icon: 'warning-fill', variant: 'light', colour: 'yellow', iconColour: 'orange-8' }
        : { icon: 'warning-fill', variant: 'light', colour: 'gray', iconColour: 'gray-7' };
    case 'critical':
      return value > 0
        ? { icon: 'error-fill', variant: 'filled', colour: 'red.9' }
        : { icon: 'error-fill', variant: 'light', colour: 'gray', iconColour: 'gray-7' };
  }
}

export function ProbeCounts() {
  const stale = useIsNotLive();
  // Below 768 px: icon and number only, smaller, so the three pills and the initials always fit whole.
  const isNarrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Group
      gap={isNarrow ? 2 : 4}
      wrap="nowrap"
      aria-label="Probe counts"
      role="group"
      style={{ flex: 'none', ...(stale ? notLiveStyle : {}) }}
      data-stale={stale || undefined}
    >
      {pills.map(({ state, label }) => (
        <CountPill key={state} state={state} label={label} isNarrow={isNarrow} stale={stale} />
      ))}
    </Group>
  );
}

/**
 * A pill and its tooltip. The tooltip (a Mantine Tooltip with its floating-position hooks) renders only when the
 * pill's look or its label changes; the number is read by the badge inside it, so a new count re-renders that
 * badge alone. The counts change at most applied batches, and re-rendering three tooltips each time was the top
 * bar's main cost in the steady state (docs/decisions/dashboard.md#counts-re-render-only-their-number).
 */
const CountPill = memo(function CountPill({
  state,
  label,
  isNarrow,
  stale,
}: {
  state: CountedState;
  label: string;
  isNarrow: boolean;
  stale: boolean;
}) {
  return (
    <DeferredTooltip label={notLiveLabel(`${label} probes`, stale)} events={{ hover: true, focus: false, touch: true }}>
      <CountBadge state={state} label={label} isNarrow={isNarrow} stale={stale} />
    </DeferredTooltip>
  );
});

/** The badge with the live number; the tooltip's ref and handlers come in through `others`. */
function CountBadge({
  state,
  label,
  isNarrow,
  stale,
  ...others
}: { state: CountedState; label: string; isNarrow: boolean; stale: boolean } & Omit<BadgeProps, 'children'> &
  Omit<ComponentPropsWithRef<'div'>, 'color' | 'children' | 'style'>) {
  const value = useProbeCount(state);
  const item = lookOf(state, value);
  return (
    <Badge
      {...others}
      color={item.colour}
      variant={item.variant}
      size={isNarrow ? 'md' : 'lg'}
      radius="sm"
      tt="none"
      px={isNarrow ? 4 : 6}
      style={{
        flex: 'none',
        overflow: 'visible',
        ...(item.iconColour ? { '--badge-color': 'var(--mantine-color-dark-9)' } : {}),
      }}
      leftSection={
        <Icon name={item.icon} size={16} colour={item.iconColour ? `var(--mantine-color-${item.iconColour})` : undefined} />
      }
      aria-label={notLiveLabel(`${label}: ${value}`, stale)}
    >
      <Box component="span" visibleFrom="sm">
        {label}&nbsp;
      </Box>
      {value}
    </Badge>
  );
}
