import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityContract, type ActivityEvent } from '@shared/contract/activity';
import { callApi, isApiError } from '@client/lib/api-client';
import { activityQueryKey } from '@client/lib/query-keys';

/** Spec §9: the Recent Activity card shows the 5 newest events. */
export const RECENT_ACTIVITY_LIMIT = 5;

/**
 * Newest first; `limit` undefined asks for the full list (the server caps it at 500).
 * Spec §7: the feed reads as empty when it cannot be loaded (it is a side panel; the page
 * stays usable), except that an ended session still ends it.
 */
export async function getActivityEvents(
  groupId: number,
  limit: number | undefined,
): Promise<ActivityEvent[]> {
  try {
    return await callApi(activityContract.list, { params: { id: groupId }, query: { limit } });
  } catch (error) {
    if (isApiError(error, 401)) throw error;
    return [];
  }
}

export const activityEventsQueryOptions = (groupId: number, limit: number | undefined) =>
  queryOptions({
    queryKey: [...activityQueryKey(groupId), limit ?? 'all'] as const,
    queryFn: () => getActivityEvents(groupId, limit),
    refetchOnMount: 'always',
  });

/** The newest `limit` events, or all of them with `limit` undefined. */
export function useActivityEvents(groupId: number, limit: number | undefined) {
  return useQuery(activityEventsQueryOptions(groupId, limit));
}
