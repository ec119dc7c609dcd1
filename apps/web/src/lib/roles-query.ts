// GET /roles (docs/api.md (Roles)) and its one query, shared by the Roles page and the Users page (role select
// and pills): one cache entry, so both pages see the same list and a role change refreshes both.
import type { Role } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const getRoles = () => apiRequest<Role[]>('/roles');

export const roleQueries = {
  all: () => ['roles'] as const,
  list: () => queryOptions({ queryKey: [...roleQueries.all(), 'list'], queryFn: getRoles }),
};
