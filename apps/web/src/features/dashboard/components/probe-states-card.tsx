// Probe States card (docs/screens.md (Probe States card)): Total, and Normal / Warning / Critical rings showing their share of
// it, in one compact line so the table keeps the height (docs/operator-screen.md). The Normal ring is grey: colour is
// for the abnormal (ISA-101).
import { Card, Group, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useProbeCount } from '../../../live/hooks/use-live';
import { ShareRing } from './share-ring';

const rings = [
  { key: 'normal', label: 'Normal', colour: 'var(--mantine-color-gray-6)' },
  { key: 'warning', label: 'Warning', colour: 'var(--mantine-color-yellow-6)' },
  { key: 'critical', label: 'Critical', colour: 'var(--mantine-color-red-7)' },
] as const;

/**
 * The card's frame renders once; the total and each ring read their own count, so an applied batch that moves
 * probes from Normal to Warning re-renders those two rings only, not the card, its title and the third ring
 * (docs/decisions/dashboard.md#counts-re-render-only-their-number). Memoised: the Dashboard's re-renders (a new row order) pass
 * it nothing.
 */
export const ProbeStatesCard = memo(function ProbeStatesCard() {
  // On a phone the three rings are smaller, on one line under the title: the probes start higher.
  const ringSize = useIsPhone() ? 44 : 52;
  return (
    <Card withBorder padding="xs" radius="md" component="section" aria-labelledby="probe-states-title" h="100%">
      <Group gap="md" wrap="wrap" align="center" px={4}>
        <Title order={2} size="h5" id="probe-states-title">
          Probe States
        </Title>
        <Group gap={6} wrap="nowrap" align="baseline">
          <Text size="sm" c="gray.7">
            Total
          </Text>
          <TotalCount />
        </Group>
        {/* The rings move to a line of their own together, not one ring alone under the others; only a phone's
            width splits them. */}
        <Group gap={ringSize < 52 ? 'xs' : 'md'} wrap="nowrap">
          {rings.map(({ key, label, colour }) => (
            <StateRing key={key} state={key} label={label} colour={colour} size={ringSize} />
          ))}
        </Group>
      </Group>
    </Card>
  );
});

function TotalCount() {
  const total = useProbeCount('total');
  return (
    <Text fw={700} size="xl" aria-label={`Total ${total}`}>
      {total}
    </Text>
  );
}

function StateRing({
  state,
  label,
  colour,
  size,
}: {
  state: (typeof rings)[number]['key'];
  label: string;
  colour: string;
  size: number;
}) {
  const count = useProbeCount(state);
  const total = useProbeCount('total');
  const share = total > 0 ? (count / total) * 100 : 0;
  return (
    <Group gap={4} wrap="nowrap">
      <ShareRing share={share} colour={colour} size={size} label={`${label} ${count} of ${total} (${Math.round(share)}%)`} />
      <Text
        size={size < 52 ? 'xs' : 'sm'}
        fw={state === 'critical' && count > 0 ? 700 : undefined}
        c={state === 'critical' && count > 0 ? 'red.8' : undefined}
      >
        {label} <b>{count}</b>
      </Text>
    </Group>
  );
}
