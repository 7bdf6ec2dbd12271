import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isRetryable } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { ignoreUnauthorized?: boolean };
    mutationMeta: { ignoreUnauthorized?: boolean };
  }
}

export interface QueryClientHandlers {
  /**
   * A call answered 401: the session ended. main.tsx sends the operator to sign-in with `redirect`. `watched` is false
   * for a query no screen is showing (a route preloaded on hover, a prefetch): the caller may let the navigation that
   * needs it ask again rather than leave the page the operator is reading.
   */
  onUnauthorized: (source: { watched: boolean }) => void;
}

/**
 * The console's QueryClient: no retry on 4xx except 408/429 (they fail the same way again), up to two retries on
 * network errors and 5xx, and one place that reacts to a 401 from any query or mutation.
 */
export function createQueryClient(handlers: QueryClientHandlers): QueryClient {
  const onError = (error: unknown, meta: { ignoreUnauthorized?: boolean } | undefined, watched: boolean) => {
    if (isApiError(error, 401) && !meta?.ignoreUnauthorized) handlers.onUnauthorized({ watched });
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError(error, query.meta, query.getObserversCount() > 0),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta, true),
    }),
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
