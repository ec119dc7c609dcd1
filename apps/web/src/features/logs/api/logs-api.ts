// Logs API calls (docs/api.md (Logs)): a page of entries newest first, filtered by `q`, and the
// whole retained log as a pretty-printed JSON download; and the feature's query factory.
import { productShortName, type AuditEntry, type LogEntry } from '@bpm/protocol';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fileNameTimestamp } from '../../../lib/date-format';
import { saveFile } from '../../../lib/download-file';

export interface LogsPageRequest {
  offset: number;
  limit: number;
  q: string;
}

export function getLogs({ offset, limit, q }: LogsPageRequest): Promise<LogEntry[]> {
  const params = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (q) params.set('q', q);
  return apiRequest<LogEntry[]>(`/system/logs?${params.toString()}`);
}

/** GET /audit's filters (docs/audit.md); empty strings are left out. */
export interface AuditFilter {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

export const auditPageSize = 100;

export function getAudit(filter: AuditFilter, before?: number): Promise<AuditEntry[]> {
  const params = new URLSearchParams({ limit: String(auditPageSize) });
  for (const field of ['actor', 'action', 'target'] as const) if (filter[field].trim()) params.set(field, filter[field].trim());
  // datetime-local inputs give local times without a zone: send them as ISO 8601 instants.
  if (filter.from) params.set('from', new Date(filter.from).toISOString());
  if (filter.to) params.set('to', new Date(filter.to).toISOString());
  if (before !== undefined) params.set('before', String(before));
  return apiRequest<AuditEntry[]>(`/audit?${params.toString()}`);
}

export const logQueries = {
  all: () => ['logs'] as const,
  // The feed keeps the entries itself (use-log-feed.ts); a page is always fetched afresh and not kept.
  page: (request: LogsPageRequest) =>
    queryOptions({ queryKey: [...logQueries.all(), 'page', request], queryFn: () => getLogs(request), staleTime: 0, gcTime: 0 }),
  /** The audit trail, newest first, a page at a time (each next page starts before the last id seen). */
  audit: (filter: AuditFilter) =>
    infiniteQueryOptions({
      queryKey: [...logQueries.all(), 'audit', filter],
      queryFn: ({ pageParam }) => getAudit(filter, pageParam),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: AuditEntry[]) => (last.length < auditPageSize ? undefined : last.at(-1)?.id),
    }),
};

/** BPM_logs_{YYYY-MM-DD_HH-mm-ss-SSS}.json in local time (docs/data-model.md (Product identity)). */
export function logsFileName(at: Date): string {
  return `${productShortName}_logs_${fileNameTimestamp(at)}.json`;
}

/** Fetches /system/logs.json and hands it to the browser as a file; throws when the fetch fails. */
export async function downloadLogs(at: Date = new Date()): Promise<void> {
  const data = await apiRequest<unknown>('/system/logs.json');
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), logsFileName(at));
}
