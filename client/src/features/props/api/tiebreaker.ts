import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tiebreakersContract,
  type CreateTiebreakerInput,
  type Tiebreaker,
} from '@shared/contract/tiebreakers';
import { callApi } from '@client/lib/api-client';
import { tiebreakerQueryKey } from '@client/lib/query-keys';

export interface RoundScope {
  groupId: number;
  roundId: number;
}

const paramsOf = ({ groupId, roundId }: RoundScope) => ({ id: groupId, roundId });

export const tiebreakerQueryOptions = (scope: RoundScope) =>
  queryOptions({
    queryKey: tiebreakerQueryKey(scope.groupId, scope.roundId),
    queryFn: async () =>
      (await callApi(tiebreakersContract.tiebreaker, { params: paramsOf(scope) })).tiebreaker,
  });

export function useTiebreaker(scope: RoundScope) {
  return useQuery(tiebreakerQueryOptions(scope));
}

/** Every write answers the tiebreaker as it now stands. */
function useTiebreakerWrite<Input>(
  scope: RoundScope,
  write: (input: Input) => Promise<Tiebreaker>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (tiebreaker) => {
      queryClient.setQueryData(tiebreakerQueryKey(scope.groupId, scope.roundId), tiebreaker);
    },
  });
}

export const useAskTiebreaker = (scope: RoundScope) =>
  useTiebreakerWrite(scope, (body: CreateTiebreakerInput) =>
    callApi(tiebreakersContract.create, { params: paramsOf(scope), body }),
  );

export const useAnswerTiebreaker = (scope: RoundScope) =>
  useTiebreakerWrite(scope, (value: number) =>
    callApi(tiebreakersContract.answer, { params: paramsOf(scope), body: { value } }),
  );

export const useSetTiebreakerActual = (scope: RoundScope) =>
  useTiebreakerWrite(scope, (value: number) =>
    callApi(tiebreakersContract.setResult, { params: paramsOf(scope), body: { value } }),
  );
