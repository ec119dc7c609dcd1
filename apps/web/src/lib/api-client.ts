// The only code that calls fetch for the API: base URL, cookies, JSON, and ApiError on non-2xx.
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

/** Sends a request and returns the raw Response; throws only on network failure. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${apiBaseUrl()}${path}`, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** Reads an error answer's human sentence: the body's message, else its text, else the status. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === 'string') return new ApiError(response.status, body.message, body.details ?? []);
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(response.status, text || response.statusText || `Status code: ${response.status}`);
}

/** Sends a request and parses the JSON answer; a non-2xx answer is thrown as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
