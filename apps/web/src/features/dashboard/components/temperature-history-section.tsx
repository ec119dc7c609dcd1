// "Temperature history" in Probe Details (docs/history.md): the probe's minute aggregates over a chosen
// range from the server, the live feed's reports appended as they come, the alarms raised in the range
// as markers (for roles that may read Alarms), CSV export, and a link to the journey of the pack the
// probe carries. A probe with an open alarm opens on that alarm: from a quarter of an hour before it was raised to
// now. When the server's history cannot be read, the sparkline of what this browser has seen stands
// in for the chart (docs/screens.md (Probe Details modal)): one history at a time, never two that disagree.
import type { Alarm, HistoryPoint } from '@bpm/protocol';
import { Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/ui/download-button';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import type { ChartMarker } from '../../../components/ui/temperature-history-chart';
import { TemperatureHistoryChartLazy } from '../../../components/ui/temperature-history-chart-lazy';
import { packHref } from '../../../config/paths';
import { useOpenAlarms } from '../../../live/hooks/use-alarms';
import { useSystemInfo } from '../../../live/hooks/use-live';
import { useProbe } from '../../../live/hooks/use-probe';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { getProbeHistoryCsv, historyQueries, type HistoryRange } from '../api/get-probe-history';
import { probeAlarmQueries } from '../api/probe-alarm-queries';
import { formatTime } from '../../../lib/date-format';
import { withLiveReport } from '../history-live';
import { TemperatureSparkline } from './temperature-sparkline';

const ranges = [
  { value: '1h', label: '1 h', hours: 1 },
  { value: '8h', label: '8 h', hours: 8 },
  { value: '24h', label: '24 h', hours: 24 },
  { value: '7d', label: '7 days', hours: 7 * 24 },
  { value: '30d', label: '30 days', hours: 30 * 24 },
] as const;
type RangeValue = (typeof ranges)[number]['value'] | 'alarm';

/** How much of the time before an alarm its range shows: the approach to the limit (docs/history.md, Web). */
const beforeAlarmMs = 15 * 60_000;
const afterAlarmMs = 5 * 60_000;

/** The range ending now; moved forward every few minutes so that the server's answer stays current. */
function rangeEnding(value: RangeValue, nowMs: number, alarmMs: number | null): HistoryRange {
  const fromMs =
    value === 'alarm' && alarmMs !== null
      ? Math.min(alarmMs - beforeAlarmMs, nowMs - beforeAlarmMs)
      : nowMs - (ranges.find((r) => r.value === value)?.hours ?? 1) * 3_600_000;
  return { from: new Date(fromMs).toISOString(), to: new Date(nowMs).toISOString() };
}
const refreshMs = 5 * 60_000;
/** How often "Now" moves along. */
const nowTickMs = 30_000;

/** The newest open alarm of the probe (raised within the 31 days history can show), as ms since the epoch. */
function latestAlarmMs(alarms: readonly Alarm[], probeID: string, nowMs: number): number | null {
  let latest: number | null = null;
  for (const alarm of alarms) {
    const raised = Date.parse(alarm.raisedAt);
    if (alarm.probeID !== probeID || raised < nowMs - 30 * 24 * 3_600_000) continue;
    if (latest === null || raised > latest) latest = raised;
  }
  return latest;
}

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
  const canReadAlarms = usePermissionLevel('Alarms', 'READ');
  const openAlarms = useOpenAlarms();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [anchorMs, setAnchorMs] = useState(nowMs);
  const alarmMs = canReadAlarms ? latestAlarmMs(openAlarms, probeID, anchorMs) : null;
  // Chosen by the operator; until then, the alarm if there is one.
  const [chosen, setChosen] = useState<RangeValue | null>(null);
  const rangeValue: RangeValue = chosen ?? (alarmMs !== null ? 'alarm' : '1h');
  const range = useMemo(() => rangeEnding(rangeValue, anchorMs, alarmMs), [rangeValue, anchorMs, alarmMs]);
  const query = useQuery({ ...historyQueries.probe(probeID, range), placeholderData: keepPreviousData });
  const entry = useProbe(probeID);
  const systemInfo = useSystemInfo();
  const [points, setPoints] = useState<HistoryPoint[]>([]);
  // The range's alarms from the server, and those opened since on the live feed.
  const alarms = useQuery({ ...probeAlarmQueries.raisedIn(probeID, range), enabled: canReadAlarms });
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
    const timer = setInterval(() => setAnchorMs(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [rangeValue]);
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), nowTickMs);
    return () => clearInterval(timer);
  }, []);

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

  const rangeName =
    rangeValue === 'alarm' && alarmMs !== null
      ? `around the alarm raised at ${formatTime(alarmMs)}`
      : `last ${ranges.find((r) => r.value === rangeValue)?.label ?? '1 h'}`;
  const pack = probe?.assignment.batteryPack;
  return (
    <section aria-label="Temperature history">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            Temperature history
          </Title>
          <Group gap="xs">
            {query.isFetching && <LoadingIndicator size="xs" label="Loading temperature history" />}
            <DownloadButton getFile={() => getProbeHistoryCsv(probeID, range)} variant="default" size="compact-xs">
              Export CSV
            </DownloadButton>
          </Group>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label="Temperature history range"
          value={rangeValue === 'alarm' && alarmMs === null ? '1h' : rangeValue}
          onChange={(value) => {
            setChosen(value as RangeValue);
            setAnchorMs(Date.now());
          }}
          data={[
            ...(alarmMs !== null ? [{ value: 'alarm', label: 'Alarm' }] : []),
            ...ranges.map((r) => ({ value: r.value, label: r.label })),
          ]}
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
            label={`Temperature history of ${probeID}, ${rangeName}`}
            points={points}
            thresholds={systemInfo}
            markers={markers}
            fromMs={Date.parse(range.from)}
            nowMs={nowMs}
            toMs={Math.max(
              Date.parse(range.to),
              nowMs,
              Date.parse(points.at(-1)?.t ?? range.to) + 60_000,
              // An alarm opened live, after the range's end.
              ...markers.map((m) => m.x * 1000),
              // A fresh alarm not against the right edge: its label and "Now" have room.
              rangeValue === 'alarm' && alarmMs !== null ? alarmMs + afterAlarmMs : 0,
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
