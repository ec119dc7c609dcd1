// A fetch stub for component tests: answers "METHOD /path" (path without the /api prefix) from a table,
// records every call, and answers 404 (or `otherwise`) for anything not in the table.
import { vi } from 'vitest';

/** A function answer also gets the URL, for routes whose answer depends on the query string. */
export type FetchAnswer = Response | Error | ((init: RequestInit | undefined, url: URL) => Response | Promise<Response>);

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function stubFetch(routes: Record<string, FetchAnswer>, otherwise: Response = new Response('{}', { status: 404 })) {
  const calls: { key: string; init: RequestInit | undefined }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    calls.push({ key, init });
    const answer = routes[key];
    if (answer === undefined) return otherwise.clone();
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(init, url);
    return answer.clone();
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, count: (key: string) => calls.filter((call) => call.key === key).length };
}
