// The only code that calls fetch for the API: base URL, cookies, JSON (or a whole file), and ApiError on non-2xx. A network
// failure rejects with fetch's own error (not an ApiError), so callers can tell "no answer" from "error answer".
// Calls live in the features' api/ modules, or at the end of this file when the session or two features share them.
import {
  alarmLimits,
  type AcknowledgeAlarmsResult,
  type Alarm,
  type ErrorBody,
  type ErrorDetail,
  type Role,
} from '@bpm/protocol';
import { apiBaseUrl } from './api-base-url';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** An error answer's sentence: the error body's message, else the body text, else "Status code: N". */
async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === 'string' && body.message) return new ApiError(response.status, body.message, body.details ?? []);
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(response.status, text || `Status code: ${response.status}`);
}

/** Sends a request; a non-2xx answer is thrown as ApiError. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** Sends a request and parses the JSON answer; a non-2xx answer is thrown as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface ApiFile {
  blob: Blob;
  /** The name the server gives in Content-Disposition, else the path's last part. */
  fileName: string;
}

/** GETs a file (a CSV export) whole, with the name the server gives it; errors as apiRequest's. */
export async function apiFile(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<ApiFile> {
  const response = await send(path, options, '*/*');
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? path.split('?')[0]!.split('/').at(-1)!;
  return { blob: await response.blob(), fileName };
}

/** The file name of a Content-Disposition header: filename* (RFC 6266, UTF-8) first, else filename. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // badly encoded: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}

/** True when `error` is an answer from the server with this status. */
export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

// The calls more than one part of the app makes: features never import each other and session/ never imports
// a feature (apps/web/eslint.boundaries.mjs), so these sit here.

/** GET /roles: the Roles page's list and the Users page's role select and pills (docs/api.md (Roles)). */
export const getRoles = () => apiRequest<Role[]>('/roles');

/** GET /roles/@me: the caller's own role, the source of the permission names (docs/api.md (Roles)). */
export const getMyRole = () => apiRequest<Role>('/roles/@me');

/** GET /login: resolves when a session exists, an ApiError when not (docs/api.md (Authentication)). */
export const getSession = () => apiRequest<unknown>('/login');

/** POST /alarms/{id}/acknowledge: the Alarms page, the Dashboard's marker and Probe Details (docs/alarms.md (API)). */
export function acknowledgeAlarm(id: number, comment?: string): Promise<Alarm> {
  return apiRequest<Alarm>(`/alarms/${id}/acknowledge`, { method: 'POST', body: comment ? { comment } : {} });
}

/**
 * Acknowledges every id, in requests of at most `alarmLimits.idsMax` (Select all can hold more after a long
 * backlog); `acknowledged` adds up the requests' answers. A failed request stops the rest: what was acknowledged
 * before it stays so, and the live feed shows it.
 */
export async function acknowledgeAlarms(ids: number[], comment?: string): Promise<AcknowledgeAlarmsResult> {
  let acknowledged = 0;
  for (let start = 0; start < ids.length; start += alarmLimits.idsMax) {
    const part = ids.slice(start, start + alarmLimits.idsMax);
    const answer = await apiRequest<AcknowledgeAlarmsResult>('/alarms/acknowledge', {
      method: 'POST',
      body: comment ? { ids: part, comment } : { ids: part },
    });
    acknowledged += answer.acknowledged;
  }
  return { acknowledged };
}
