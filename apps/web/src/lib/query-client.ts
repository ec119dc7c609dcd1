// The app's one QueryClient: what happens to API errors globally. A 401 from any query or mutation
// means the session has ended, so the app goes back to sign-in (style §5); everything else is left to
// the caller, which shows the spec's own message.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export interface QueryClientOptions {
  /** Called when an API answer says the session is gone (status 401). */
  onUnauthorized?: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
