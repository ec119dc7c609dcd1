// The History's summary (docs/alarms.md): counts by type, time to acknowledge, floods, top probes,
// stages and packs, and the alarms-per-hour chart, all of annunciated alarms; a line names the others.
import type { AlarmSummary as Summary } from '@bpm/protocol';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { alarmSource } from '../alarm-display';
import { alarmQueries } from '../api/alarm-queries';
import { formatDateTime } from '../../../lib/date-format';

// uPlot loads with the History view only, not with every page.
const AlarmsPerHourChart = lazy(() => import('./alarms-per-hour-chart').then((m) => ({ default: m.AlarmsPerHourChart })));

const seconds = (value: number | null) =>
  value === null ? '–' : value < 120 ? `${Math.round(value)} s` : `${(value / 60).toFixed(1)} min`;

export function AlarmSummary({ range }: { range: { from?: string; to?: string } }) {
  const summary = useQuery(alarmQueries.summary(range));
  if (summary.isPending) return <Text size="sm">Loading summary...</Text>;
  if (summary.isError) return <Text c="red">{summary.error.message}</Text>;
  return <SummaryView summary={summary.data} />;
}

function TopList({ title, items }: { title: string; items: { label: string; count: number }[] }) {
  return (
    <Card withBorder padding="xs">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          None
        </Text>
      ) : (
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {items.slice(0, 5).map((item) => (
            <li key={item.label}>
              <Text size="sm">
                {item.label}: {item.count}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function SummaryView({ summary }: { summary: Summary }) {
  const count = (type: string) => summary.byEventType.find((e) => e.eventType === type)?.count ?? 0;
  return (
    <Stack gap="sm" component="section" aria-label="Summary">
      <Title order={2} size="h5">
        Summary
      </Title>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" c="dark.7" size="lg" radius="sm" tt="none">
          Total {summary.total}
        </Badge>
        <Badge color="red" c="dark.7" variant="light" size="lg" radius="sm" tt="none">
          Critical {count('Critical')}
        </Badge>
        <Badge color="orange" c="dark.7" variant="light" size="lg" radius="sm" tt="none">
          Warning {count('Warning')}
        </Badge>
        <Badge color="gray" c="dark.7" variant="light" size="lg" radius="sm" tt="none">
          Time to acknowledge: mean {seconds(summary.timeToAcknowledge.meanSeconds)}, p90{' '}
          {seconds(summary.timeToAcknowledge.p90Seconds)}
        </Badge>
        <Badge color={summary.floods.length > 0 ? 'red' : 'gray'} c="dark.7" variant="light" size="lg" radius="sm" tt="none">
          Floods {summary.floods.length}
        </Badge>
      </Group>
      {summary.notAnnunciated > 0 && (
        <Text size="sm" c="gray.7">
          Not counted: {summary.notAnnunciated}{' '}
          {summary.notAnnunciated === 1
            ? 'alarm that stayed suppressed and was never annunciated'
            : 'alarms that stayed suppressed and were never annunciated'}
        </Text>
      )}
      <Suspense fallback={<Text size="sm">Loading chart...</Text>}>
        <AlarmsPerHourChart summary={summary} />
      </Suspense>
      {summary.floods.length > 0 && (
        <Text size="sm">
          Floods (more than 10 new alarms in 10 minutes):{' '}
          {summary.floods.map((f) => `${formatDateTime(f.start)} (${f.count})`).join(', ')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TopList title="Top probes" items={summary.topProbes.map((p) => ({ label: alarmSource(p.probeID), count: p.count }))} />
        <TopList title="Top stages" items={summary.topStages.map((s) => ({ label: s.name, count: s.count }))} />
        <TopList title="Top packs" items={summary.topPacks.map((p) => ({ label: p.name, count: p.count }))} />
      </SimpleGrid>
    </Stack>
  );
}
