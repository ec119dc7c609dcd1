// The roles list's one query, shared by the Roles page and the Users page (role select and pills): one cache
// entry, so both pages see the same list and a role change refreshes both.
import { queryOptions } from '@tanstack/react-query';
import { getRoles } from './api-client';

export const roleQueries = {
  all: () => ['roles'] as const,
  list: () => queryOptions({ queryKey: [...roleQueries.all(), 'list'], queryFn: getRoles }),
};
