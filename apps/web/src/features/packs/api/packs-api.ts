// Battery packs (docs/history.md): search by id or name, a pack's journey (carriages), the temperature
// history of each carriage's probe over its time, and the CSV export (saved through lib/download-file.ts).
import type { PackHistory, PackSummary, ProbeHistory } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiFile, apiRequest, type ApiFile } from '../../../lib/api-client';

export function searchPacks(q: string, signal?: AbortSignal): Promise<PackSummary[]> {
  return apiRequest<PackSummary[]>(`/packs?q=${encodeURIComponent(q)}`, { signal });
}

export function getPackHistory(packId: number, signal?: AbortSignal): Promise<PackHistory> {
  return apiRequest<PackHistory>(`/packs/${packId}/history`, { signal });
}

export function getCarriageHistory(probeID: string, from: string, to: string, signal?: AbortSignal): Promise<ProbeHistory> {
  const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return apiRequest<ProbeHistory>(`/probes/${encodeURIComponent(probeID)}/history?${query}`, { signal });
}

export const getPackHistoryCsv = (packId: number): Promise<ApiFile> => apiFile(`/packs/${packId}/history.csv`);

export const packQueries = {
  all: () => ['packs'] as const,
  search: (q: string) =>
    queryOptions({ queryKey: [...packQueries.all(), 'search', q] as const, queryFn: ({ signal }) => searchPacks(q, signal) }),
  history: (packId: number) =>
    queryOptions({
      queryKey: [...packQueries.all(), 'history', packId] as const,
      queryFn: ({ signal }) => getPackHistory(packId, signal),
    }),
  carriage: (probeID: string, from: string, to: string) =>
    queryOptions({
      queryKey: [...packQueries.all(), 'carriage', probeID, from, to] as const,
      queryFn: ({ signal }) => getCarriageHistory(probeID, from, to, signal),
    }),
};
