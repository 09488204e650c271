import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
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

/** How recent a read counts as this visit's own (see readAfreshOnMount). */
export const JUST_READ_MS = 3000;

/**
 * `refetchOnMount` for what a screen reads afresh on every visit: a mount refetches the
 * cached copy (shown meanwhile) unless it was read in the last few seconds, which is the
 * screen having started the read itself a moment before its parts mounted (the group page
 * asks for its lists together with the group instead of after it, decision 0023). A read
 * still in flight is joined, not repeated, either way.
 */
export function readAfreshOnMount(query: Pick<Query, 'state'>): 'always' | false {
  return Date.now() - query.state.dataUpdatedAt < JUST_READ_MS ? false : 'always';
}
