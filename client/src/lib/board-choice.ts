import { useSearchParams } from 'react-router';

/**
 * Which board the group page shows, kept in the URL (`?board=season` or `?board=<round id>`,
 * `?season=<id>` for an archived season) so a shared link opens the same board. Without
 * `board` it is the round a page opens on (product rules §10 'Rounds').
 */
export interface BoardChoice {
  /** null: the current season. */
  seasonId: number | null;
  board: 'current' | 'season' | { roundId: number };
}

const BOARD_PARAM = 'board';
const SEASON_PARAM = 'season';

const idOf = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function boardChoiceOf(params: URLSearchParams): BoardChoice {
  const board = params.get(BOARD_PARAM);
  const roundId = idOf(board);
  return {
    seasonId: idOf(params.get(SEASON_PARAM)),
    board: board === 'season' ? 'season' : roundId === null ? 'current' : { roundId },
  };
}

export function useBoardChoice(): [BoardChoice, (choice: BoardChoice) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (choice: BoardChoice) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (choice.seasonId === null) updated.delete(SEASON_PARAM);
        else updated.set(SEASON_PARAM, String(choice.seasonId));
        if (choice.board === 'current') updated.delete(BOARD_PARAM);
        else
          updated.set(
            BOARD_PARAM,
            choice.board === 'season' ? 'season' : String(choice.board.roundId),
          );
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [boardChoiceOf(params), choose];
}
