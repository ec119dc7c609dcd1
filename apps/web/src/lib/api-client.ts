// The only code that calls fetch for the API: base URL, cookies, JSON, and ApiError on non-2xx. A network
// failure rejects with fetch's own error (not an ApiError), so callers can tell "no answer" from "error answer".
import type { ErrorBody, ErrorDetail } from '@bpm/protocol';
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

/** Sends a request and parses the JSON answer; a non-2xx answer is thrown as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** True when `error` is an answer from the server with this status. */
export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);
