import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { propsContract, type LeaderboardEntry } from '@shared/contract/props';
import { readAfreshOnMount } from '@client/lib/query-client';
import { callApiWithTotal } from '@client/lib/api-client';
import { leaderboardQueryKey } from '@client/lib/query-keys';
import { LEADERBOARD_PREVIEW_ROWS } from '../visible-rows';

/** Rows per page of the Full Leaderboard: a 1,000-member event loads them as asked. */
export const LEADERBOARD_PAGE_ROWS = 50;

/** Rows of the board, best first, and how many are on it (decision 0019). */
export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  total: number;
}

/**
 * One page of the board, positions shared on ties across the whole board (decision 0006);
 * the total comes in the answer's X-Total-Count header.
 */
export async function getLeaderboardPage(
  groupId: number,
  page: { limit: number; offset: number },
): Promise<LeaderboardPage> {
  const { data, total } = await callApiWithTotal(propsContract.leaderboard, {
    params: { id: groupId },
    query: page,
  });
  return { entries: data, total };
}

/** The top of the board and its size: what the card and the phone's standings show first. */
export const leaderboardTopQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: [...leaderboardQueryKey(groupId), 'top'] as const,
    queryFn: () => getLeaderboardPage(groupId, { limit: LEADERBOARD_PREVIEW_ROWS, offset: 0 }),
    // Other members' picks and the leader's results move the board while the page is closed.
    refetchOnMount: readAfreshOnMount,
  });

export function useLeaderboardTop(groupId: number) {
  return useQuery(leaderboardTopQueryOptions(groupId));
}

/** The Full Leaderboard, a page at a time, only while it is open. */
export const leaderboardPagesQueryOptions = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: [...leaderboardQueryKey(groupId), 'pages'] as const,
    queryFn: ({ pageParam }) =>
      getLeaderboardPage(groupId, { limit: LEADERBOARD_PAGE_ROWS, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.entries.length, 0);
      return last.entries.length > 0 && loaded < last.total ? loaded : undefined;
    },
    refetchOnMount: 'always',
  });

export function useLeaderboardPages(groupId: number) {
  return useInfiniteQuery(leaderboardPagesQueryOptions(groupId));
}
