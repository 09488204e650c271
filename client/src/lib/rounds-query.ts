import { queryOptions, useQuery } from '@tanstack/react-query';
import { roundsContract, type RoundInfo } from '@shared/contract/rounds';
import { currentRoundOf } from '@shared/domain/rounds';
import { callApi } from './api-client';
import { roundsQueryKey } from './query-keys';

/**
 * A season's rounds (the current season's with null), read by the pick sheet's tiebreaker
 * and by the board's round switcher.
 */
export const roundsQueryOptions = (groupId: number, seasonId: number | null = null) =>
  queryOptions({
    queryKey: roundsQueryKey(groupId, seasonId),
    queryFn: () =>
      callApi(roundsContract.rounds, {
        params: { id: groupId },
        query: seasonId === null ? {} : { season: seasonId },
      }),
  });

export function useRounds(groupId: number, seasonId: number | null = null) {
  return useQuery(roundsQueryOptions(groupId, seasonId));
}

/** Product rules §10 'Rounds': the round a page opens on. */
export function currentRoundInfo(rounds: readonly RoundInfo[], now: Date): RoundInfo | null {
  return (
    currentRoundOf(
      rounds.map((round) => ({ round, endsAt: new Date(round.endsAt) })),
      now,
    )?.round ?? null
  );
}
