// Probe States card (docs/screens.md (Probe States card)): Total, and Normal / Warning / Critical rings showing their share of it.
import { Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useProbeCounts } from '../../../live/use-live';

const rings = [
  { key: 'normal', label: 'Normal', colour: 'green' },
  { key: 'warning', label: 'Warning', colour: 'orange' },
  { key: 'critical', label: 'Critical', colour: 'red' },
] as const;

export function ProbeStatesCard() {
  const counts = useProbeCounts();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="probe-states-title">
      <Title order={2} size="h4" id="probe-states-title" mb="xs">
        Probe States
      </Title>
      <Group gap="lg" wrap="wrap">
        <Stack gap={0} align="center" miw={70}>
          <Text size="xs" c="dimmed">
            Total
          </Text>
          <Text fw={700} size="xl" aria-label={`Total ${counts.total}`}>
            {counts.total}
          </Text>
        </Stack>
        {rings.map(({ key, label, colour }) => {
          const count = counts[key];
          const share = counts.total > 0 ? (count / counts.total) * 100 : 0;
          return (
            <Stack key={key} gap={0} align="center">
              <RingProgress
                size={84}
                thickness={8}
                roundCaps={share > 0}
                sections={[{ value: share, color: colour }]}
                aria-label={`${label} ${count} of ${counts.total} (${Math.round(share)}%)`}
                role="img"
                label={
                  <Text ta="center" size="xs" fw={700}>
                    {Math.round(share)}%
                  </Text>
                }
              />
              <Text size="sm">
                {label} <b>{count}</b>
              </Text>
            </Stack>
          );
        })}
      </Group>
    </Card>
  );
}
