// A battery pack's journey (/packs/{packId}, docs/history.md): each carriage — a probe on an AGV at a
// build stage — as a timeline step with its temperatures and alarms, one chart across the journey with
// a marker where each stage begins, printable (pack-page.module.css) and exportable as CSV.
import type { Carriage, HistoryPoint, TemperatureStats } from '@bpm/protocol';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import type { ChartMarker } from '../../../components/ui/temperature-history-chart';
import { TemperatureHistoryChartLazy } from '../../../components/ui/temperature-history-chart-lazy';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { useSystemInfo } from '../../../live/hooks/use-live';
import { getPackHistoryCsv, packQueries } from '../api/packs-api';
import { FindPack } from './find-pack';
import classes from './pack-page.module.css';

const celsius = (value: number) => `${value.toFixed(1)} °C`;
const statsText = (s: TemperatureStats | null) =>
  s ? `min ${celsius(s.min)}, mean ${celsius(s.mean)}, max ${celsius(s.max)}` : 'no valid readings';

function duration(from: string, to: string): string {
  const minutes = Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function PackPage() {
  const packId = Number(useParams().packId);
  const query = useQuery({ ...packQueries.history(packId), enabled: Number.isInteger(packId) });
  const history = query.data;
  return (
    <Stack gap="md" p="md" className={classes.page}>
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor c="blue.8" component={Link} to={paths.packs} size="sm">
          ← Battery packs
        </Anchor>
      </Group>
      {!Number.isInteger(packId) || (query.error instanceof ApiError && query.error.status === 404) ? (
        <Alert color="orange" title="Battery pack not found">
          No probe carried this battery pack within the history&apos;s retention.
        </Alert>
      ) : query.isError ? (
        <Alert color="red" title="Could not load the battery pack">
          {query.error.message}
        </Alert>
      ) : !history ? (
        <LoadingIndicator label="Loading battery pack" />
      ) : (
        <PackJourney packId={packId} name={history.batteryPack.name} carriages={history.carriages} />
      )}
      <Paper withBorder p="md" className={classes.noPrint}>
        <FindPack />
      </Paper>
    </Stack>
  );
}

function PackJourney({ packId, name, carriages }: { packId: number; name: string; carriages: Carriage[] }) {
  const systemInfo = useSystemInfo();
  // One request per carriage: the probe's minutes over the time it carried the pack.
  const histories = useQueries({ queries: carriages.map((c) => packQueries.carriage(c.probeID, c.from, c.to)) });
  const loaded = histories.every((h) => h.data);
  const points = useMemo(() => {
    const all: HistoryPoint[] = [];
    for (const h of histories) if (h.data) all.push(...h.data.points.filter((p) => p.packId === packId));
    return all.sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
    // The query results are new arrays only when their data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [packId, ...histories.map((h) => h.data)]);
  const markers: ChartMarker[] = carriages.map((c) => ({
    x: Date.parse(c.from) / 1000,
    label: c.buildStage?.name ?? 'No build stage',
    colour: '#495057',
  }));
  const first = carriages[0];
  const last = carriages.at(-1);
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{name}</Title>
          <Text size="sm" c="gray.7">
            Battery pack {packId}
            {first && last ? ` · ${formatDateTime(first.from)} – ${formatDateTime(last.to)} · ${carriages.length} stages` : ''}
          </Text>
        </div>
        <Group gap="xs" className={classes.noPrint}>
          <Button variant="default" size="xs" onClick={() => window.print()}>
            Print
          </Button>
          <DownloadButton getFile={() => getPackHistoryCsv(packId)} variant="default" size="xs">
            Export CSV
          </DownloadButton>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Temperatures across the journey
        </Title>
        {loaded ? (
          <TemperatureHistoryChartLazy
            label={`Temperature history of ${name}`}
            points={points}
            thresholds={systemInfo}
            markers={markers}
            fromMs={first ? Date.parse(first.from) : 0}
            toMs={last ? Date.parse(last.to) : 0}
          />
        ) : (
          <LoadingIndicator size="sm" label="Loading the journey's temperatures" />
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="sm">
          Journey
        </Title>
        {carriages.length === 0 ? (
          <Text size="sm" c="gray.7">
            No carriage recorded yet.
          </Text>
        ) : (
          <Timeline active={carriages.length - 1} bulletSize={18} lineWidth={2} aria-label="Journey through the build stages">
            {carriages.map((c) => (
              <Timeline.Item
                key={`${c.probeID}-${c.from}`}
                title={c.buildStage?.name ?? 'No build stage'}
                className={classes.carriage}
              >
                <Text size="sm" c="gray.7">
                  {formatDateTime(c.from)} – {formatDateTime(c.to)} ({duration(c.from, c.to)}) · probe {c.probeID} ·{' '}
                  {c.agv?.name ?? 'no AGV'}
                </Text>
                <Text size="sm">Internal: {statsText(c.internal)}</Text>
                <Text size="sm">External: {statsText(c.external)}</Text>
                <Text size="sm">
                  {c.alarms.length === 0 ? 'No alarms' : `Alarms: ${c.alarms.map((id) => `#${id}`).join(', ')}`}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </>
  );
}
