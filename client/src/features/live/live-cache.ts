import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/contract/live';
import type { Prop } from '@shared/contract/props';
import {
  activityQueryKey,
  groupDetailsQueryKey,
  groupMembersQueryKey,
  groupPropsQueryKey,
  groupQueryKey,
  leaderboardQueryKey,
  memberStatsQueryKey,
  pickersQueryKey,
  propPicksQueryKey,
  unpickedQueryKey,
  userGroupsQueryKey,
} from '@client/lib/query-keys';

/**
 * What one live event changes in the page's cache (decision 0017): a patch when the event
 * carries the new value (a pick's count), otherwise the queries it makes out of date, and
 * only those. Invalidating refetches only the queries a screen is showing; the others are
 * marked stale and read again when next shown. Nothing here refetches on a timer: the
 * spec's "no automatic refetch" default stays.
 */
export interface CacheUpdate {
  patch?: (queryClient: QueryClient) => void;
  invalidate: QueryKey[];
  /** Exact keys (the group's details, not everything under the group). */
  invalidateExact?: QueryKey[];
}

const patchProp =
  (groupId: number, propId: number, change: (prop: Prop) => Prop) => (queryClient: QueryClient) => {
    queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(groupId) }, (props) =>
      props?.map((prop) => (prop.id === propId ? change(prop) : prop)),
    );
  };

export function cacheUpdateOf(event: LiveEvent, viewerId: number): CacheUpdate {
  const g = event.groupId;
  switch (event.type) {
    case 'pick': {
      const mine = event.userIds.includes(viewerId);
      return {
        patch: patchProp(g, event.propId, (prop) => ({ ...prop, pickCount: event.pickCount })),
        invalidate: [
          pickersQueryKey(g, event.propId),
          propPicksQueryKey(g, event.propId),
          unpickedQueryKey(g),
          // The viewer picked in another tab or device: their own pick and record moved.
          ...(mine ? [groupPropsQueryKey(g), memberStatsQueryKey(g)] : []),
        ],
      };
    }
    case 'prop_added':
    case 'prop_edited':
      return { invalidate: [groupPropsQueryKey(g), unpickedQueryKey(g)] };
    case 'prop_deleted':
      return {
        patch: (queryClient) => {
          queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(g) }, (props) =>
            props?.filter((prop) => !event.propIds.includes(prop.id)),
          );
        },
        invalidate: [memberStatsQueryKey(g), unpickedQueryKey(g)],
      };
    case 'prop_locked':
      // The server's lock: the props now carry the split, and who picked what is readable.
      return {
        invalidate: [
          groupPropsQueryKey(g),
          unpickedQueryKey(g),
          ...event.propIds.flatMap((propId) => [
            pickersQueryKey(g, propId),
            propPicksQueryKey(g, propId),
          ]),
        ],
      };
    case 'result':
      // The card's outcome and lock follow from the result and the viewer's pick: reread.
      return {
        invalidate: [groupPropsQueryKey(g), memberStatsQueryKey(g), unpickedQueryKey(g)],
      };
    case 'standings':
      return {
        invalidate: [leaderboardQueryKey(g), memberStatsQueryKey(g), userGroupsQueryKey(viewerId)],
      };
    case 'activity':
      return { invalidate: [activityQueryKey(g)] };
    case 'member_joined':
    case 'member_left':
      return {
        invalidate: [
          groupMembersQueryKey(g),
          leaderboardQueryKey(g),
          unpickedQueryKey(g),
          [...groupQueryKey(g), 'pickers'],
        ],
        invalidateExact: [groupDetailsQueryKey(g)],
      };
    case 'payment':
      return { invalidate: [groupMembersQueryKey(g)], invalidateExact: [groupDetailsQueryKey(g)] };
    case 'settings':
      return {
        invalidate: event.lockChanged ? [groupPropsQueryKey(g), unpickedQueryKey(g)] : [],
        invalidateExact: [groupDetailsQueryKey(g)],
      };
    case 'group_deleted':
      return { invalidate: [], invalidateExact: [groupDetailsQueryKey(g)] };
    case 'refetch':
      return { invalidate: [groupQueryKey(g), userGroupsQueryKey(viewerId)] };
  }
}
