// Probe delete messages (docs/api.md (Probe delete errors)).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteProbe, probeDeletionFailureMessage } from './delete-probe';

afterEach(() => vi.unstubAllGlobals());

const failureOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', probeDeletionFailureMessage);

describe('deleteProbe', () => {
  it.each([
    [
      'an error body',
      new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Probe not found' }), { status: 404 }),
      'Error deleting probe: Probe not found',
    ],
    ['a plain text body', new Response('gone away', { status: 500 }), 'Error deleting probe: gone away'],
    ['an empty body', new Response('', { status: 503 }), 'Error deleting probe: Status code: 503'],
  ])('answer not OK with %s', async (_, response, message) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(response));
    expect(await failureOf(deleteProbe('P-1'))).toBe(message);
  });

  it('network error → "Failed to delete probe"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    expect(await failureOf(deleteProbe('P-1'))).toBe('Failed to delete probe');
  });

  it('success resolves, calling DELETE /probes/{probeId}', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(deleteProbe('P-1')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![0]).toMatch(/\/api\/probes\/P-1$/);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', credentials: 'include' });
  });
});
