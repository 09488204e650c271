import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/contract/live';
import type { Prop } from '@shared/contract/props';
import { isCorrectOf, pickOutcomeOf } from '@shared/domain/group-stats';
import {
  activityQueryKey,
  allPropCommentsQueryKey,
  competitionQueryKey,
  conversationSummaryQueryKey,
  groupDetailsQueryKey,
  groupMembersQueryKey,
  groupPropsQueryKey,
  groupQueryKey,
  leaderboardQueryKey,
  memberStatsQueryKey,
  pickersQueryKey,
  propCommentsQueryKey,
  propPicksQueryKey,
  threadQueryKey,
  unpickedQueryKey,
  userGroupsQueryKey,
} from '@client/lib/query-keys';

/**
 * What one live event changes in the page's cache: a patch when the event carries the new
 * value, otherwise the queries it makes out of date, and only those. Nothing refetches on
 * a timer (the spec's "no automatic refetch").
 */
export interface CacheUpdate {
  /** May answer more keys to invalidate (what it could not patch). */
  patch?: (queryClient: QueryClient) => QueryKey[] | void;
  invalidate: QueryKey[];
  invalidateExact?: QueryKey[];
}

const patchProp =
  (groupId: number, propId: number, change: (prop: Prop) => Prop) => (queryClient: QueryClient) => {
    queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(groupId) }, (props) =>
      props?.map((prop) => (prop.id === propId ? change(prop) : prop)),
    );
  };

const patchGame =
  (groupId: number, event: Extract<LiveEvent, { type: 'game' }>) => (queryClient: QueryClient) => {
    queryClient.setQueriesData<Prop[]>({ queryKey: groupPropsQueryKey(groupId) }, (props) =>
      props?.map((prop) =>
        prop.game?.id === event.gameId
          ? {
              ...prop,
              game: {
                ...prop.game,
                status: event.status,
                startsAt: event.startsAt,
                period: event.period,
                clock: event.clock,
                detail: event.detail,
                home: { ...prop.game.home, score: event.homeScore },
                away: { ...prop.game.away, score: event.awayScore },
              },
            }
          : prop,
      ),
    );
  };

export function settledProp(prop: Prop, result: string): Prop {
  const selected = prop.myPick?.selectedOption;
  return {
    ...prop,
    result,
    lock: { locked: true, reason: 'result_set', at: null },
    myPick: prop.myPick && { ...prop.myPick, isCorrect: isCorrectOf(result, selected) },
    outcome: pickOutcomeOf(result, selected, prop.outcome === 'exempt'),
  };
}

const recordQueriesOf = (groupId: number, viewerId: number) => [
  leaderboardQueryKey(groupId),
  competitionQueryKey(groupId),
  memberStatsQueryKey(groupId),
  userGroupsQueryKey(viewerId),
];

/**
 * A result on a prop the page already shows locked is patched in place (its split is
 * there). Otherwise (a newly locked prop's split, a removed result whose lock depends on
 * the clock) the props are read again.
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

/**
 * `pickSentHere`: the event is of a pick this page sent (picks-sent-here.ts), whose answer
 * already updated the page.
 */
export function cacheUpdateOf(
  event: LiveEvent,
  viewerId: number,
  pickSentHere = false,
): CacheUpdate {
  const g = event.groupId;
  switch (event.type) {
    case 'pick': {
      const mine = event.userIds.includes(viewerId) && !pickSentHere;
      return {
        patch: patchProp(g, event.propId, (prop) => ({ ...prop, pickCount: event.pickCount })),
        invalidate: [
          pickersQueryKey(g, event.propId),
          propPicksQueryKey(g, event.propId),
          unpickedQueryKey(g),
          // The viewer picked in another tab or device.
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
      return {
        invalidate: [
          groupPropsQueryKey(g),
          unpickedQueryKey(g),
          conversationSummaryQueryKey(g),
          ...event.propIds.flatMap((propId) => [
            pickersQueryKey(g, propId),
            propPicksQueryKey(g, propId),
            propCommentsQueryKey(g, propId),
          ]),
        ],
        invalidateExact: [groupDetailsQueryKey(g)],
      };
    case 'result':
      // The records and activity line it moved send no event of their own.
      return {
        patch: patchResult(g, event.propId, event.result),
        invalidate: [
          ...recordQueriesOf(g, viewerId),
          unpickedQueryKey(g),
          activityQueryKey(g),
          conversationSummaryQueryKey(g),
          propCommentsQueryKey(g, event.propId),
        ],
      };
    case 'standings':
      return { invalidate: recordQueriesOf(g, viewerId) };
    case 'activity':
      // A round's winners recorded: the boards that show them are read again too.
      return event.eventType === 'round_winners'
        ? { invalidate: [activityQueryKey(g), ...recordQueriesOf(g, viewerId)] }
        : { invalidate: [activityQueryKey(g)] };
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
        invalidate: event.lockChanged
          ? [
              groupPropsQueryKey(g),
              unpickedQueryKey(g),
              conversationSummaryQueryKey(g),
              allPropCommentsQueryKey(g),
            ]
          : [],
        invalidateExact: [groupDetailsQueryKey(g)],
      };
    case 'comment':
    case 'reaction':
      return {
        invalidate: [
          ...(event.type === 'comment' ? [conversationSummaryQueryKey(g)] : []),
          event.propId === null ? threadQueryKey(g) : propCommentsQueryKey(g, event.propId),
        ],
      };
    case 'game':
      return { patch: patchGame(g, event), invalidate: [] };
    case 'group_deleted':
      return { invalidate: [], invalidateExact: [groupDetailsQueryKey(g)] };
    case 'refetch':
      return { invalidate: [groupQueryKey(g), userGroupsQueryKey(viewerId)] };
  }
}
