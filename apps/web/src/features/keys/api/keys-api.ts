// API keys calls (docs/api.md (API keys)) and the feature's query factory. POST /keys answers with the token,
// shown once.
import type { ApiKey, CreateApiKey, CreatedApiKey } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getKeys = () => apiRequest<ApiKey[]>('/keys');

export const createKey = (input: CreateApiKey) => apiRequest<CreatedApiKey>('/keys', { method: 'POST', body: input });

export const deleteKey = (id: number) => apiRequest<unknown>(`/keys/${id}`, { method: 'DELETE' });

export const keyQueries = {
  all: () => ['keys'] as const,
  list: () => queryOptions({ queryKey: [...keyQueries.all(), 'list'], queryFn: getKeys }),
};
