// CSV exports of a probe's and a pack's history (docs/history.md): one header line, through the shared
// writer (csv-text.ts: RFC 4180 quoting, formulas defused).
import type { PackHistory, ProbeHistory, TemperatureStats } from '@bpm/protocol';
import { csvLine as line } from '../../csv-text.js';
import { nextTurn } from '../../event-loop-turns.js';
const stats = (s: TemperatureStats | null) => [s?.min, s?.max, s?.mean];

/** The CSV in pieces of `linesPerPiece` lines, a later event-loop turn for each (docs/history.md). */
export async function* probeHistoryCsv(history: ProbeHistory, linesPerPiece = 500): AsyncGenerator<string> {
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
  for (let i = 0; i < history.points.length; i += 1) {
    const p = history.points[i]!;
    out += line([p.t, ...stats(p.internal), ...stats(p.external), p.battery, p.reports, p.stageId, p.packId]);
    if ((i + 1) % linesPerPiece === 0) {
      yield out;
      out = '';
      await nextTurn();
    }
  }
  yield out;
}

/** One page of carriages; the header only with the first (`header`). */
export function packHistoryCsv(history: PackHistory, header = true): string {
  let out = header ? line([
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
  ]) : '';
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
