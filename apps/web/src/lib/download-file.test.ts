// The CSV exports' download: the file goes to the browser under the server's name, and errors are the API
// client's (a 401 is an ApiError the query client turns into a sign-out: app/sign-out.test.tsx).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-routes';
import { ApiError, apiFile, fileNameOf } from './api-client';
import { downloadFile } from './download-file';

const saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const csv = (headers: Record<string, string> = {}) =>
  new Response('id,probeID\r\n1,P-1\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', ...headers } });

describe('downloadFile', () => {
  it('saves the answer under the name the server gives and leaves no link behind', async () => {
    stubFetch({
      'GET /alarms.csv': csv({ 'Content-Disposition': 'attachment; filename="BPM_alarms_2026-11-23T17-00-00.000Z.csv"' }),
    });
    await downloadFile(() => apiFile('/alarms.csv?probeID=P-1'));
    expect(saved).toEqual([{ name: 'BPM_alarms_2026-11-23T17-00-00.000Z.csv', href: 'blob:csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('falls back to the last part of the path when the server names no file', async () => {
    stubFetch({ 'GET /packs/2291/history.csv': csv() });
    await downloadFile(() => apiFile('/packs/2291/history.csv'));
    expect(saved.map((file) => file.name)).toEqual(['history.csv']);
  });

  it('rejects with the API error and saves nothing when the session has ended', async () => {
    stubFetch(
      {},
      new Response(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }), { status: 401 }),
    );
    const error: unknown = await downloadFile(() => apiFile('/alarms.csv')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(saved).toEqual([]);
  });
});

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="BPM_alarms.csv"', 'BPM_alarms.csv'],
    ['attachment; filename=history.csv', 'history.csv'],
    ['attachment; filename="a \\"b\\".csv"', 'a "b".csv'],
    [`attachment; filename="plain.csv"; filename*=UTF-8''Pack%20%C3%A9.csv`, 'Pack é.csv'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s gives %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
