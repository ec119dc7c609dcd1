// Temperature history sparkline for Probe Details (beyond the spec): the last minutes this client has seen, shown only
// when the server's temperature history cannot be read (docs/screens.md (Probe Details modal)).
import { Group, Text } from '@mantine/core';
import type { HistorySample } from '../../../live/stores/temperature-history';

const width = 420;
const height = 80;

export function TemperatureSparkline({ samples }: { samples: HistorySample[] }) {
  const values = samples.flatMap((s) => [s.internal, s.external]).filter((v): v is number => v !== null);
  if (samples.length < 2 || values.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not enough readings yet for a history.
      </Text>
    );
  }
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const t0 = samples[0]!.atMs;
  const t1 = samples.at(-1)!.atMs;
  const x = (atMs: number) => ((atMs - t0) / (t1 - t0 || 1)) * width;
  const y = (v: number) => height - 4 - ((v - min) / span) * (height - 8);
  const path = (pick: (s: HistorySample) => number | null) =>
    samples
      .map((s) => ({ s, v: pick(s) }))
      .filter((p): p is { s: HistorySample; v: number } => p.v !== null)
      .map((p) => `${x(p.s.atMs).toFixed(1)},${y(p.v).toFixed(1)}`)
      .join(' ');
  const minutes = Math.max(1, Math.round((t1 - t0) / 60_000));
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-label={`Temperature history, last ${minutes} min`}
      >
        <polyline points={path((s) => s.internal)} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth="1.5" />
        <polyline points={path((s) => s.external)} fill="none" stroke="var(--mantine-color-orange-6)" strokeWidth="1.5" />
      </svg>
      <Group gap="md">
        <Text size="xs" c="blue.7">
          — Internal
        </Text>
        <Text size="xs" c="orange.7">
          — External
        </Text>
        <Text size="xs" c="dimmed">
          {min.toFixed(1)}–{max.toFixed(1)} °C over {minutes} min
        </Text>
      </Group>
    </div>
  );
}
