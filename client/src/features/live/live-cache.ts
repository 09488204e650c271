import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/contract/live';
import type { Prop } from '@shared/contract/props';
import { isCorrectOf, pickOutcomeOf } from '@shared/domain/group-stats';
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
  /** Patches the cache; may answer more keys to invalidate (what it could not patch). */
  patch?: (queryClient: QueryClient) => QueryKey[] | void;
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

/** A locked prop (its split already shown) as the server answers it once `result` is set. */
export function settledProp(prop: Prop, result: string): Prop {
  const selected = prop.myPick?.selectedOption;
  return {
    ...prop,
    result,
    lock: { locked: true, reason: 'result_set', at: null },
    myPick: prop.myPick && { ...prop.myPick, isCorrect: isCorrectOf(result, selected) },
    outcome: pickOutcomeOf(result, selected),
  };
}

/** Where members' records show: the board, the viewer's stats card and home cards. */
const recordQueriesOf = (groupId: number, viewerId: number) => [
  leaderboardQueryKey(groupId),
  memberStatsQueryKey(groupId),
  userGroupsQueryKey(viewerId),
];

/**
 * A result set or changed on a prop the page already shows locked is patched in place: the
 * card's result, lock and the viewer's outcome follow from the result and their own pick,
 * and the split was already there. Otherwise (a prop still open until now, so its split is
 * new; a result removed, so its lock depends on the clock) the props are read again.
 * A thousand pages on one group then do not all reread the group's whole props list.
 */
const patchResult =
  (groupId: number, propId: number, result: string | null) => (queryClient: QueryClient) => {
    let refetch = false;
    queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(groupId) }, (props) =>
      props?.map((prop) => {
        if (prop.id !== propId) return prop;
        if (result === null || prop.pickSplit === null) {
          refetch = true;
          return prop;
        }
        return settledProp(prop, result);
      }),
    );
    return refetch ? [groupPropsQueryKey(groupId)] : [];
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
        // A group's set time passing locks the group as well ('All props locked at').
        invalidateExact: [groupDetailsQueryKey(g)],
      };
    case 'result':
      // The records it moved and its activity line send no event of their own (no
      // 'standings', no 'activity'): they are reread here.
      return {
        patch: patchResult(g, event.propId, event.result),
        invalidate: [...recordQueriesOf(g, viewerId), unpickedQueryKey(g), activityQueryKey(g)],
      };
    case 'standings':
      return { invalidate: recordQueriesOf(g, viewerId) };
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
