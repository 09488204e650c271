import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamePropsContract, type CreateGamePropsBody } from '@shared/contract/game-props';
import { callApi } from '@client/lib/api-client';
import { gamesQueryOptions, type GamesRange } from '@client/lib/games-query';
import { refreshGroupScores } from '@client/lib/query-keys';

export { gamesQueryOptions, type GamesRange };

export const useGames = (range: GamesRange) => useQuery(gamesQueryOptions(range));

export function useCreateGameProps(scope: { groupId: number; userId: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (props: CreateGamePropsBody['props']) =>
      callApi(gamePropsContract.create, { params: { id: scope.groupId }, body: { props } }),
    onSuccess: () => {
      void refreshGroupScores(queryClient, scope.groupId, scope.userId);
    },
  });
}
