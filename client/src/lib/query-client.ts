import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

interface QueryClientOptions {
  /** Called when any request is refused with 401: the server session has ended. */
  onUnauthorized: () => void;
}

/**
 * Product rules §9 defaults: data never goes stale and nothing refetches on its own, so every
 * mutation must invalidate or update the queries it affects.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions): QueryClient {
  const handleError = (error: unknown) => {
    if (isApiError(error, 401)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
