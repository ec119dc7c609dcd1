// GET /keys: the signed-in user's API keys (spec §7 API keys).
import type { ApiKey } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

export async function getKeys(): Promise<ApiKey[]> {
  const response = await apiFetch('/keys');
  // The status travels with the spec's message, so a 401 can send the user back to sign-in.
  if (!response.ok) throw new ApiError(response.status, 'Failed to fetch API keys');
  return (await response.json()) as ApiKey[];
}

export const keyQueries = {
  all: () => ['keys'] as const,
  list: () => queryOptions({ queryKey: [...keyQueries.all(), 'list'], queryFn: getKeys }),
};
