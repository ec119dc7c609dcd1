// Probe States card (docs/screens.md (Probe States card)): Total, and Normal / Warning / Critical rings showing their share of it, in one
// compact line so the table keeps the height (docs/operator-screen.md).
import { Card, Group, RingProgress, Text, Title } from '@mantine/core';
import { useProbeCounts } from '../../../live/use-live';

const rings = [
  { key: 'normal', label: 'Normal', colour: 'green.7' },
  { key: 'warning', label: 'Warning', colour: 'yellow.6' },
  { key: 'critical', label: 'Critical', colour: 'red.7' },
] as const;

export function ProbeStatesCard() {
  const counts = useProbeCounts();
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
          <Text fw={700} size="xl" aria-label={`Total ${counts.total}`}>
            {counts.total}
          </Text>
        </Group>
        {rings.map(({ key, label, colour }) => {
          const count = counts[key];
          const share = counts.total > 0 ? (count / counts.total) * 100 : 0;
          return (
            <Group key={key} gap={6} wrap="nowrap">
              <RingProgress
                size={52}
                thickness={6}
                roundCaps={share > 0}
                sections={[{ value: share, color: colour }]}
                aria-label={`${label} ${count} of ${counts.total} (${Math.round(share)}%)`}
                role="img"
                label={
                  <Text ta="center" fz={10} fw={700} aria-hidden="true">
                    {Math.round(share)}%
                  </Text>
                }
              />
              <Text
                size="sm"
                fw={key === 'critical' && count > 0 ? 700 : undefined}
                c={key === 'critical' && count > 0 ? 'red.8' : undefined}
              >
                {label} <b>{count}</b>
              </Text>
            </Group>
          );
        })}
      </Group>
    </Card>
  );
}
