import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { propsContract, type LeaderboardEntry } from '@shared/contract/props';
import { callApiWithTotal } from '@client/lib/api-client';
import { leaderboardQueryKey } from '@client/lib/query-keys';
import { LEADERBOARD_PREVIEW_ROWS } from '../visible-rows';

/** A 1,000-member event loads its rows as asked. */
export const LEADERBOARD_PAGE_ROWS = 50;

export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  total: number;
}

/**
 * One round's board, an archived season's, or (empty) the current season's: product rules
 * §10 'Tiebreaker'.
 */
export interface BoardScope {
  round?: number;
  season?: number;
}

const NO_SCOPE: BoardScope = {};

/** The current season's board keeps its plain key: the page reads it before the app runs. */
const scopeKey = (scope: BoardScope) =>
  scope.round === undefined && scope.season === undefined ? [] : [scope];

/** Positions are shared on ties across the whole board; the total comes in X-Total-Count. */
export async function getLeaderboardPage(
  groupId: number,
  page: { limit: number; offset: number },
  scope: BoardScope = NO_SCOPE,
): Promise<LeaderboardPage> {
  const { data, total } = await callApiWithTotal(propsContract.leaderboard, {
    params: { id: groupId },
    query: { ...page, ...scope },
  });
  return { entries: data, total };
}

export const leaderboardTopQueryOptions = (groupId: number, scope = NO_SCOPE) =>
  queryOptions({
    queryKey: [...leaderboardQueryKey(groupId), 'top', ...scopeKey(scope)] as const,
    queryFn: () =>
      getLeaderboardPage(groupId, { limit: LEADERBOARD_PREVIEW_ROWS, offset: 0 }, scope),
  });

export function useLeaderboardTop(groupId: number, scope = NO_SCOPE, enabled = true) {
  return useQuery({ ...leaderboardTopQueryOptions(groupId, scope), enabled });
}

export const leaderboardPagesQueryOptions = (groupId: number, scope = NO_SCOPE) =>
  infiniteQueryOptions({
    queryKey: [...leaderboardQueryKey(groupId), 'pages', ...scopeKey(scope)] as const,
    queryFn: ({ pageParam }) =>
      getLeaderboardPage(groupId, { limit: LEADERBOARD_PAGE_ROWS, offset: pageParam }, scope),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.entries.length, 0);
      return last.entries.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

export function useLeaderboardPages(groupId: number, scope = NO_SCOPE) {
  return useInfiniteQuery(leaderboardPagesQueryOptions(groupId, scope));
}
