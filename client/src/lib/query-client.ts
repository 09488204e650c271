import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { describeRefusal, isApiError } from './api-client';

interface QueryClientOptions {
  onUnauthorized: () => void;
}

/**
 * Product rules §9: data never goes stale and nothing refetches on a timer or on focus.
 * Mutations invalidate or update the queries they affect and live events keep an open group
 * page current; what a screen shows is read once a visit, when it mounts, since others may
 * have changed it meanwhile (readAfreshOnMount). What cannot change during a visit (the
 * signed-in user, the server's configuration) says `refetchOnMount: false`.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions): QueryClient {
  const handleError = (error: unknown) => {
    if (!isApiError(error)) return;
    console.warn(`Refused: ${describeRefusal(error)}`);
    if (error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        refetchOnMount: readAfreshOnMount,
        gcTime: 5 * 60 * 1000,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The screen shown now: a new location (a link followed, Back) is a new visit. */
let screen = { key: '', openedAt: 0 };

/** Called as each screen renders, before its parts mount. */
export function noteScreen(locationKey: string) {
  if (screen.key !== locationKey) screen = { key: locationKey, openedAt: Date.now() };
}

/** Whether the query has been read since the current screen was opened. */
export const readOnThisScreen = (query: Pick<Query, 'state'>) =>
  query.state.dataUpdatedAt >= screen.openedAt;

/**
 * A mount reads the query again unless this visit has read it already: the screen started
 * the read itself before its parts mounted, or another part showed it. A
 * read in flight is joined.
 */
export function readAfreshOnMount(query: Pick<Query, 'state'>): 'always' | false {
  return readOnThisScreen(query) ? false : 'always';
}
