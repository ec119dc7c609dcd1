// "Temperature history" in Probe Details (docs/history.md): the probe's minute aggregates over a chosen
// range from the server, the live feed's reports appended as they come, the alarms raised in the range
// as markers (for roles that may read Alarms), CSV export, and a link to the journey of the pack the
// probe carries. When the server's history cannot be read, the sparkline of what this browser has seen stands
// in for the chart (docs/screens.md (Probe Details modal)): one history at a time, never two that disagree.
import type { Alarm, HistoryPoint } from '@bpm/protocol';
import { Anchor, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button';
import type { ChartMarker } from '../../../components/ui/temperature-history-chart';
import { TemperatureHistoryChartLazy } from '../../../components/ui/temperature-history-chart-lazy';
import { packHref } from '../../../config/paths';
import { useOpenAlarms } from '../../../live/use-alarms';
import { useSystemInfo } from '../../../live/use-live';
import { useProbe } from '../../../live/use-probe';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { getProbeHistoryCsv, historyQueries, type HistoryRange } from '../api/get-probe-history';
import { probeAlarmQueries } from '../api/probe-alarm-queries';
import { withLiveReport } from '../history-live';
import { TemperatureSparkline } from './temperature-sparkline';

const ranges = [
  { value: '1h', label: '1 h', hours: 1 },
  { value: '8h', label: '8 h', hours: 8 },
  { value: '24h', label: '24 h', hours: 24 },
  { value: '7d', label: '7 days', hours: 7 * 24 },
  { value: '30d', label: '30 days', hours: 30 * 24 },
] as const;
type RangeValue = (typeof ranges)[number]['value'];

/** The range ending now; moved forward every few minutes so that the server's answer stays current. */
function rangeEnding(value: RangeValue, nowMs: number): HistoryRange {
  const hours = ranges.find((r) => r.value === value)!.hours;
  return { from: new Date(nowMs - hours * 3_600_000).toISOString(), to: new Date(nowMs).toISOString() };
}
const refreshMs = 5 * 60_000;

const severityColours: Record<Alarm['eventType'], string> = {
  Critical: '#e03131',
  Warning: '#f08c00',
  Info: '#1c7ed6',
  Success: '#2f9e44',
};

/** An alarm as a chart marker at the time it was raised, coloured by its severity. */
const alarmMarker = (alarm: Alarm): ChartMarker => ({
  x: Date.parse(alarm.raisedAt) / 1000,
  label: alarm.eventType,
  description: `${alarm.eventType} alarm: ${alarm.raisedMessage}`,
  colour: severityColours[alarm.eventType],
});

export function TemperatureHistorySection({ probeID }: { probeID: string }) {
  const [rangeValue, setRangeValue] = useState<RangeValue>('1h');
  const [range, setRange] = useState(() => rangeEnding('1h', Date.now()));
  const query = useQuery({ ...historyQueries.probe(probeID, range), placeholderData: keepPreviousData });
  const entry = useProbe(probeID);
  const systemInfo = useSystemInfo();
  const [points, setPoints] = useState<HistoryPoint[]>([]);
  // The range's alarms from the server, and those opened since on the live feed.
  const canReadAlarms = usePermissionLevel('Alarms', 'READ');
  const alarms = useQuery({ ...probeAlarmQueries.raisedIn(probeID, range), enabled: canReadAlarms });
  const openAlarms = useOpenAlarms();
  const markers = useMemo(() => {
    if (!canReadAlarms) return [];
    const byId = new Map<number, Alarm>();
    for (const alarm of alarms.data ?? []) byId.set(alarm.id, alarm);
    for (const alarm of openAlarms) {
      if (alarm.probeID === probeID && Date.parse(alarm.raisedAt) >= Date.parse(range.from)) byId.set(alarm.id, alarm);
    }
    return [...byId.values()].map(alarmMarker);
  }, [canReadAlarms, alarms.data, openAlarms, probeID, range.from]);

  useEffect(() => {
    const timer = setInterval(() => setRange(rangeEnding(rangeValue, Date.now())), refreshMs);
    return () => clearInterval(timer);
  }, [rangeValue]);

  const history = query.data;
  useEffect(() => {
    if (history) setPoints(history.points);
  }, [history]);

  // Each report after the answer's end joins the chart (the live minute).
  const probe = entry?.probe;
  const reportTime = probe?.report?.timestamp;
  useEffect(() => {
    if (!history || !probe || !reportTime || Date.parse(reportTime) <= Date.parse(history.to)) return;
    setPoints((current) => withLiveReport(current, history.resolutionSeconds, probe));
    // Only a new report counts, not every change of the probe (the watchdog ticks, events).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reportTime, history]);

  const shownRange = ranges.find((r) => r.value === rangeValue)!;
  const pack = probe?.assignment.batteryPack;
  return (
    <section aria-label="Temperature history">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            Temperature history
          </Title>
          <Group gap="xs">
            {query.isFetching && <Loader size="xs" aria-label="Loading temperature history" />}
            <DownloadButton getFile={() => getProbeHistoryCsv(probeID, range)} variant="default" size="compact-xs">
              Export CSV
            </DownloadButton>
          </Group>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label="Temperature history range"
          value={rangeValue}
          onChange={(value) => {
            setRangeValue(value as RangeValue);
            setRange(rangeEnding(value as RangeValue, Date.now()));
          }}
          data={ranges.map((r) => ({ value: r.value, label: r.label }))}
        />
        {query.isError ? (
          <>
            <Text size="sm" c="red">
              {query.error.message}
            </Text>
            {entry && <TemperatureSparkline samples={entry.history.samples()} />}
          </>
        ) : (
          <TemperatureHistoryChartLazy
            label={`Temperature history of ${probeID}, last ${shownRange.label}`}
            points={points}
            thresholds={systemInfo}
            markers={markers}
            fromMs={Date.parse(range.from)}
            toMs={Math.max(
              Date.parse(range.to),
              Date.parse(points.at(-1)?.t ?? range.to) + 60_000,
              // An alarm opened live, after the range's end.
              ...markers.map((m) => m.x * 1000),
            )}
          />
        )}
        {pack && (
          <Text size="sm">
            Carrying{' '}
            <Anchor c="blue.8" component={Link} to={packHref(pack.id)}>
              {pack.name}
            </Anchor>
            : see its journey through the build stages.
          </Text>
        )}
      </Stack>
    </section>
  );
}
