// The Normal, Warning and Critical probe counts of the top bar (docs/screens.md (Top bar)).
import { Badge, Box, Group, Tooltip } from '@mantine/core';
import { useProbeCounts } from '../../live/use-live';

export function ProbeCounts() {
  const counts = useProbeCounts();
  const items = [
    { label: 'Normal', value: counts.normal, colour: 'green' },
    { label: 'Warning', value: counts.warning, colour: 'orange' },
    { label: 'Critical', value: counts.critical, colour: 'red' },
  ];
  return (
    <Group gap={4} wrap="nowrap" aria-label="Probe counts" role="group">
      {items.map((item) => (
        <Tooltip key={item.label} label={`${item.label} probes`} events={{ hover: true, focus: false, touch: true }}>
          <Badge
            color={item.colour}
            variant="light"
            size="lg"
            radius="sm"
            tt="none"
            px={8}
            aria-label={`${item.label}: ${item.value}`}
          >
            {/* The word is dropped on narrow screens; the colour and the tooltip still say which count it is. */}
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
