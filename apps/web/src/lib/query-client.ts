// The app's one QueryClient: what happens to API errors globally. A 401 from any query or mutation
// means the session has ended, so the app goes back to sign-in (docs/decisions/web-frame.md#401-signs-out); everything
// else is left to the caller, which shows the spec's own message. A mutation whose 401 is an expected
// answer (a wrong password, not a lost session) says so with `meta: { isUnauthorizedAnAnswer: true }`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { isUnauthorizedAnAnswer?: boolean };
  }
}

export interface QueryClientOptions {
  /** Called when an API answer says the session is gone (status 401). */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error, 401)) onUnauthorized?.();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error, 401) && !mutation.meta?.isUnauthorizedAnAnswer) onUnauthorized?.();
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
