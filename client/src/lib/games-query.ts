import { queryOptions } from '@tanstack/react-query';
import { gamesContract } from '@shared/contract/games';
import type { FeedSport } from '@shared/sports';
import { callApi } from './api-client';
import { gamesQueryKey } from './query-keys';

export interface GamesRange {
  sport: FeedSport;
  from: string;
  to: string;
}

export const gamesQueryOptions = ({ sport, from, to }: GamesRange) =>
  queryOptions({
    queryKey: gamesQueryKey(sport, from, to),
    queryFn: () => callApi(gamesContract.list, { query: { sport, from, to } }),
    retry: false,
  });
