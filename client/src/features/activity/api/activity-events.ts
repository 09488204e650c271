import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  ACTIVITY_PAGE_DEFAULT,
  activityContract,
  type ActivityEvent,
} from '@shared/contract/activity';
import { callApi, isApiError } from '@client/lib/api-client';
import { activityQueryKey } from '@client/lib/query-keys';

/** Product rules §9: the Recent Activity card shows the 5 newest events. */
export const RECENT_ACTIVITY_LIMIT = 5;

/**
 * Newest first, continuing after the event `before` names. Product rules §3 'Activity
 * event': the feed reads as empty when it cannot be loaded (it is a side panel), except
 * that an ended session still ends it.
 */
export async function getActivityEvents(
  groupId: number,
  page: { limit?: number; before?: number },
): Promise<ActivityEvent[]> {
  try {
    return await callApi(activityContract.list, { params: { id: groupId }, query: page });
  } catch (error) {
    if (isApiError(error, 401)) throw error;
    return [];
  }
}

export const activityEventsQueryOptions = (groupId: number, limit: number) =>
  queryOptions({
    queryKey: [...activityQueryKey(groupId), limit] as const,
    queryFn: () => getActivityEvents(groupId, { limit }),
  });

export function useActivityEvents(groupId: number, limit: number) {
  return useQuery(activityEventsQueryOptions(groupId, limit));
}

export const activityPagesQueryOptions = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: [...activityQueryKey(groupId), 'pages'] as const,
    queryFn: ({ pageParam }) => getActivityEvents(groupId, { before: pageParam }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one.
    getNextPageParam: (last) =>
      last.length === ACTIVITY_PAGE_DEFAULT ? last.at(-1)?.id : undefined,
  });

export function useActivityPages(groupId: number) {
  return useInfiniteQuery(activityPagesQueryOptions(groupId));
}
