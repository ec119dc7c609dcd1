// CSV exports of a probe's and a pack's history (docs/history.md): one header line, through the shared
// writer (csv-text.ts: RFC 4180 quoting, formulas defused).
import type { PackHistory, ProbeHistory, TemperatureStats } from '@bpm/protocol';
import { csvLine as line } from '../../csv-text.js';
const stats = (s: TemperatureStats | null) => [s?.min, s?.max, s?.mean];

export function probeHistoryCsv(history: ProbeHistory): string {
  let out = line([
    'time',
    'internal_min',
    'internal_max',
    'internal_mean',
    'external_min',
    'external_max',
    'external_mean',
    'battery',
    'reports',
    'stage_id',
    'pack_id',
  ]);
  for (const p of history.points) {
    out += line([p.t, ...stats(p.internal), ...stats(p.external), p.battery, p.reports, p.stageId, p.packId]);
  }
  return out;
}

export function packHistoryCsv(history: PackHistory): string {
  let out = line([
    'pack_id',
    'pack_name',
    'probe',
    'agv',
    'stage',
    'from',
    'to',
    'internal_min',
    'internal_max',
    'internal_mean',
    'external_min',
    'external_max',
    'external_mean',
    'alarms',
  ]);
  for (const c of history.carriages) {
    out += line([
      history.batteryPack.id,
      history.batteryPack.name,
      c.probeID,
      c.agv?.name,
      c.buildStage?.name,
      c.from,
      c.to,
      ...stats(c.internal),
      ...stats(c.external),
      c.alarms.join(' '),
    ]);
  }
  return out;
}

/** A file name safe in a Content-Disposition header. */
export function csvFileName(...parts: string[]): string {
  return `BPM_${parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-')).join('_')}.csv`;
}
