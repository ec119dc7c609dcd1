import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('reports a 401 from a query as the end of the session, and nothing else', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError(500, 'boom')) }).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new ApiError(401, 'Not signed in')) })
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
