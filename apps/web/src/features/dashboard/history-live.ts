// The live minute on the history chart (docs/history.md): each report the live feed brings after the
// history was fetched is merged into the point of its bucket (a new point when it starts a new one),
// as the server will: min and max exact, the mean weighted by the reports behind it, the last battery.
import { historyEpochMs, type HistoryPoint, type Probe, type TemperatureStats } from '@bpm/protocol';

function withValue(stats: TemperatureStats | null, value: number | undefined, count: number): TemperatureStats | null {
  if (value === undefined) return stats;
  if (!stats) return { min: value, max: value, mean: value };
  return {
    min: Math.min(stats.min, value),
    max: Math.max(stats.max, value),
    mean: Math.round(((stats.mean * count + value) / (count + 1)) * 100) / 100,
  };
}

/** The points with the probe's latest report merged in (points in time order; the report is later than all fetched). */
export function withLiveReport(points: readonly HistoryPoint[], resolutionSeconds: number, probe: Probe): HistoryPoint[] {
  if (!probe.report) return [...points];
  const atMs = Date.parse(probe.report.timestamp);
  const bucketMs = resolutionSeconds * 1000;
  const t = new Date(historyEpochMs + Math.floor((atMs - historyEpochMs) / bucketMs) * bucketMs).toISOString();
  const valid = (origin: string) => probe.report!.readings.find((r) => r.origin === origin && r.valid)?.temperature;
  const last = points.at(-1);
  const base: HistoryPoint =
    last?.t === t ? last : { t, internal: null, external: null, battery: null, reports: 0, stageId: null, packId: null };
  const next: HistoryPoint = {
    t,
    internal: withValue(base.internal, valid('CAN'), base.reports),
    external: withValue(base.external, valid('Thermocouple'), base.reports),
    battery: probe.batteryPercentage,
    reports: base.reports + 1,
    stageId: probe.assignment.buildStage?.id ?? null,
    packId: probe.assignment.batteryPack?.id ?? null,
  };
  return last?.t === t ? [...points.slice(0, -1), next] : [...points, next];
}
