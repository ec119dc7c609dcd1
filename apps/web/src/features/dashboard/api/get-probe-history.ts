// GET /probes/{id}/history (docs/history.md): the probe's minute aggregates over a range, and the CSV
// export (saved through lib/download-file.ts, so a 401 signs out like any other call).
import type { ProbeHistory } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiFile, apiRequest, type ApiFile } from '../../../lib/api-client';

export interface HistoryRange {
  from: string;
  to: string;
}

const historyPath = (probeID: string, range: HistoryRange, suffix = '') =>
  `/probes/${encodeURIComponent(probeID)}/history${suffix}?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

export function getProbeHistory(probeID: string, range: HistoryRange, signal?: AbortSignal): Promise<ProbeHistory> {
  return apiRequest<ProbeHistory>(historyPath(probeID, range), { signal });
}

export const getProbeHistoryCsv = (probeID: string, range: HistoryRange): Promise<ApiFile> =>
  apiFile(historyPath(probeID, range, '.csv'));

export const historyQueries = {
  all: () => ['probe-history'] as const,
  probe: (probeID: string, range: HistoryRange) =>
    queryOptions({
      queryKey: [...historyQueries.all(), probeID, range] as const,
      queryFn: ({ signal }) => getProbeHistory(probeID, range, signal),
    }),
};
