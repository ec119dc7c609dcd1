// ?from=&to= of a history request (docs/history.md): ISO 8601 dates, by default the last hour, a span of
// at most 31 days; each problem answers 400 naming its field.
import { historyMaxSpanDays, type HistoryRangeQuery } from '@bpm/protocol';
import { BadRequestError } from '../../errors.js';

export interface HistoryRange {
  fromMs: number;
  toMs: number;
}

const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const hourMs = 3_600_000;

function parseDate(field: 'from' | 'to', value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ms = isoDate.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
  if (Number.isNaN(ms)) {
    const message = `${field} must be an ISO 8601 date, e.g. 2026-11-22T10:00:00Z`;
    throw new BadRequestError(message, [{ path: field, message }]);
  }
  return ms;
}

export function parseHistoryRange(query: HistoryRangeQuery, nowMs: number): HistoryRange {
  const from = parseDate('from', query.from);
  const to = parseDate('to', query.to);
  const toMs = to ?? (from === undefined ? nowMs : Math.min(nowMs, from + hourMs));
  const fromMs = from ?? toMs - hourMs;
  if (fromMs > toMs) {
    const message = 'from must not be after to';
    throw new BadRequestError(message, [{ path: 'from', message }]);
  }
  if (toMs - fromMs > historyMaxSpanDays * 24 * hourMs) {
    const message = `The span from from to to must not exceed ${historyMaxSpanDays} days`;
    throw new BadRequestError(message, [{ path: 'to', message }]);
  }
  return { fromMs, toMs };
}
