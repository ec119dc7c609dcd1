import type { LogEntry } from '@bpm/protocol';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useLogFeed, type LogFeed } from './use-log-feed';

const entry = (n: number): LogEntry => ({ ts: `${1_795_000_000_000 + n}000000`, level: 'info', msg: `entry ${n}` });
/** Newest first, like the server. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => entry(to - index));

function serveLogs(answer: (params: URLSearchParams) => LogEntry[]) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const params = new URL(url, 'http://localhost').searchParams;
      calls.push(params);
      return new Response(JSON.stringify(answer(params)), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderFeed<P>(hook: (props: P) => LogFeed, options?: { initialProps: P }) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { ...options, wrapper });
}

describe('useLogFeed', () => {
  it('loads 200 first, then pages of 50 while pages come back full', async () => {
    const all = range(1, 260);
    const calls = serveLogs((params) =>
      all.slice(Number(params.get('offset')), Number(params.get('offset')) + Number(params.get('limit'))),
    );
    const { result } = renderFeed(() => useLogFeed('', false));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.entries).toHaveLength(200);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.entries).toHaveLength(250));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.entries).toHaveLength(260));
    expect(result.current.hasMore).toBe(false);
    expect(calls.map((params) => `${params.get('offset')}/${params.get('limit')}`)).toEqual(['0/200', '200/50', '250/50']);
    expect(result.current.entries.at(-1)).toEqual(entry(1));
  });

  it('passes the filter to the server as q', async () => {
    const calls = serveLogs(() => []);
    const { result } = renderFeed(() => useLogFeed('error', false));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(calls[0]?.get('q')).toBe('error');
    expect(result.current.hasMore).toBe(false);
  });

  it('auto-refresh asks offset 0 limit 50 and adds only entries with a new ts', async () => {
    let newest = 3;
    const calls = serveLogs(() => range(1, newest));
    const { result } = renderFeed(() => useLogFeed('', true));
    await waitFor(() => expect(result.current.entries).toHaveLength(3));
    newest = 5;
    await waitFor(() => expect(result.current.entries).toHaveLength(5), { timeout: 3000 });
    expect(result.current.entries.map((e) => e.msg)).toEqual(['entry 5', 'entry 4', 'entry 3', 'entry 2', 'entry 1']);
    expect(calls.slice(1).every((params) => params.get('offset') === '0' && params.get('limit') === '50')).toBe(true);
  });
});
