import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isRetryable } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { ignoreUnauthorized?: boolean };
    mutationMeta: { ignoreUnauthorized?: boolean };
  }
}

export interface QueryClientHandlers {
  /** A call answered 401: the session ended. main.tsx sends the operator to sign-in with `redirect`. */
  onUnauthorized: () => void;
}

/**
 * The console's QueryClient: no retry on 4xx except 408/429 (they fail the same way again), up to two retries on
 * network errors and 5xx, and one place that reacts to a 401 from any query or mutation.
 */
export function createQueryClient(handlers: QueryClientHandlers): QueryClient {
  const onError = (error: unknown, meta: { ignoreUnauthorized?: boolean } | undefined) => {
    if (isApiError(error, 401) && !meta?.ignoreUnauthorized) handlers.onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isRetryable(error) && failureCount < 2,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
