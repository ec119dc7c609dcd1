// The Normal, Warning and Critical probe counts of the top bar (docs/screens.md (Top bar)). The Critical pill is solid red
// only while the count is above 0; below 768 px each pill shrinks to its icon and number, never truncated; while
// the live data is lost the pills are greyed and say so (docs/operator-screen.md).
import { Badge, Box, Group, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Icon, type IconName } from '../../components/ui/icon';
import { useLiveFeedLostAt, useProbeCounts } from '../../live/use-live';

interface CountLook {
  label: string;
  value: number;
  icon: IconName;
  variant: 'filled' | 'light';
  colour: string;
  /** On the light variants the text is dark (4.5:1) and the icon carries the colour. */
  iconColour?: string;
}

export function ProbeCounts() {
  const counts = useProbeCounts();
  const stale = useLiveFeedLostAt() !== null;
  // Below 768 px: icon and number only, smaller, so the three pills and the initials always fit whole.
  const isNarrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const items: CountLook[] = [
    { label: 'Normal', value: counts.normal, icon: 'check', variant: 'light', colour: 'green', iconColour: 'green-9' },
    { label: 'Warning', value: counts.warning, icon: 'warning-fill', variant: 'light', colour: 'yellow', iconColour: 'orange-8' },
    counts.critical > 0
      ? { label: 'Critical', value: counts.critical, icon: 'error-fill', variant: 'filled', colour: 'red.9' }
      : { label: 'Critical', value: 0, icon: 'error-fill', variant: 'light', colour: 'gray', iconColour: 'gray-7' },
  ];
  return (
    <Group
      gap={isNarrow ? 2 : 4}
      wrap="nowrap"
      aria-label="Probe counts"
      role="group"
      style={{ flex: 'none', ...(stale ? { opacity: 0.6, filter: 'grayscale(1)' } : {}) }}
      data-stale={stale || undefined}
    >
      {items.map((item) => (
        <Tooltip
          key={item.label}
          label={stale ? `${item.label} probes (not live)` : `${item.label} probes`}
          events={{ hover: true, focus: false, touch: true }}
        >
          <Badge
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
            aria-label={`${item.label}: ${item.value}${stale ? ' (not live)' : ''}`}
          >
            <Box component="span" visibleFrom="sm">
              {item.label}&nbsp;
            </Box>
            {item.value}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
